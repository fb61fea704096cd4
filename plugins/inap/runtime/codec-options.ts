// The codec options of a run: the ExecuteTest param `inap.extensions` (extension type -> ASN.1 type).
import type { JsonObject, OperationContext } from '../../../sdk/index.js';
import type { CodecOptions } from '../../sigtran/codec/index.js';
import { extensionTypes } from '../codec/extensions.js';

const NONE: CodecOptions = {};

/** Options for encodeArg/decodeArg in this run (the type map is parsed once per params object). */
export function codecOptions(ctx: OperationContext): CodecOptions {
  const inap = ctx.run.params.inap as JsonObject | undefined;
  const types = inap && typeof inap === 'object' ? extensionTypes(inap.extensions) : undefined;
  return types ? { extensions: types } : NONE;
}

// The codec options of a run: the ExecuteTest param `inap.extensions` (extension type -> ASN.1 type).
import type { OperationContext } from '../../../sdk/index.js';
import type { CodecOptions } from '../../sigtran/codec/index.js';
import { extensionTypes } from '../codec/extensions.js';
import { inapParams } from '../params.js';

const NONE: CodecOptions = {};

/** Options for encodeArg/decodeArg in this run (the type map is parsed once per params object). */
export function codecOptions(ctx: OperationContext): CodecOptions {
  const types = extensionTypes(inapParams(ctx.run.params).extensions);
  return types ? { extensions: types } : NONE;
}

// The argument codec: between the flattened JSON argument form and BER, by walking a type descriptor (schema.ts).
// encodeArg writes BER (encode.ts; CodecErrors name the argument path); decodeArg reads it back with every derived
// field present (decode.ts; it never throws). Both check the descriptors' constraints (INTEGER ranges, SIZE);
// checkArg runs the encoder as a static check (ExecuteTest).
import { acquireDecodeContext, decodeInto, releaseDecodeContext } from './decode.js';
import { acquireEncodeContext, encodeInto, releaseEncodeContext } from './encode.js';
import type { ArgType, ExtTypes } from './schema.js';
import { CodecError, isObj, type Obj } from './values.js';
import { isBerError } from '../ber/index.js';

export { CodecError, formatOf } from './values.js';

/** Per-call options of encodeArg / decodeArg. */
export interface CodecOptions {
  /** The run's type map for `ext` fields (handed to their codec). */
  extensions?: ExtTypes | undefined;
}

/** Expand dotted keys (`legID.receivingSideID_hex`) into nested objects; returns a new object when needed. */
export function expandDotted(v: Obj): Obj {
  let out: Obj | undefined;
  // for-in, not Object.keys: no array per argument (a JSON object has no enumerable inherited key)
  for (const key in v) {
    const val = v[key];
    const dot = key.indexOf('.');
    if (dot < 0) {
      if (isObj(val)) {
        const e = expandDotted(val);
        if (e !== val) (out ??= { ...v })[key] = e;
      }
      continue;
    }
    out ??= { ...v };
    delete out[key];
    let cur = out;
    const parts = key.split('.');
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i]!;
      if (!isObj(cur[p])) cur[p] = {};
      else cur[p] = { ...(cur[p] as Obj) };
      cur = cur[p] as Obj;
    }
    cur[parts[parts.length - 1]!] = isObj(val) ? expandDotted(val) : val;
  }
  return out ?? v;
}

/**
 * Encode an operation argument (or result) from the flattened form. Returns a fresh Uint8Array holding the
 * argument TLV. Throws CodecError naming the argument at fault.
 */
export function encodeArg(at: ArgType, input: Obj, opts?: CodecOptions): Uint8Array {
  const ctx = acquireEncodeContext(opts?.extensions, undefined);
  try {
    return encodeInto(ctx, at, expandDotted(input));
  } finally {
    releaseEncodeContext(ctx);
  }
}

/**
 * The static check of an argument (ExecuteTest): encodes it with the values for which `unknown` is true (expressions,
 * evaluated per instance) taken as present but unchecked. Returns the first problem (`path: text`, as encodeArg's
 * CodecError: a missing mandatory field, a wrong type, a constraint violated) or undefined.
 */
export function checkArg(at: ArgType, input: Obj, unknown: (v: unknown) => boolean, opts?: CodecOptions): string | undefined {
  const ctx = acquireEncodeContext(opts?.extensions, unknown);
  try {
    encodeInto(ctx, at, expandDotted(input));
    return undefined;
  } catch (e) {
    if (e instanceof CodecError) return e.message;
    throw e;
  } finally {
    releaseEncodeContext(ctx);
  }
}

export type DecodeResult = { ok: true; fields: Obj } | { ok: false; error: string; fields: Obj };

/**
 * Decode an argument TLV (the parameter of an Invoke/ReturnResult) into the flattened form. Never throws:
 * bad bytes give ok=false with a readable error and whatever was decoded before the fault; values that violate
 * a constraint of the descriptors (INTEGER range, SIZE) give ok=false naming each (`timeAndTimezone: 7 octets, the
 * ASN.1 requires SIZE(8)`) with every field decoded.
 */
export function decodeArg(at: ArgType, buf: Uint8Array | undefined, opts?: CodecOptions): DecodeResult {
  const fields: Obj = {};
  if (!buf || buf.length === 0) return { ok: true, fields };
  const ctx = acquireDecodeContext(opts?.extensions);
  try {
    decodeInto(ctx, at, buf, fields);
    if (ctx.violations.length) return { ok: false, error: ctx.violations.join('; '), fields };
    return { ok: true, fields };
  } catch (e) {
    if (isBerError(e) || e instanceof CodecError) return { ok: false, error: e.message, fields };
    return { ok: false, error: `undecodable argument: ${(e as Error).message}`, fields };
  } finally {
    releaseDecodeContext(ctx);
  }
}

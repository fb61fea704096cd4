// A MAP result received in segments (ReturnResultNotLast ... ReturnResultLast): TS 29.002 §15.6.3 splits the result
// parameter so that each segment is a value of the result's type, its SEQUENCE OF parts shared out between them
// (SendAuthenticationInfo's vectors, InsertSubscriberData's lists). Decoded each, the segments make one result: the
// lists concatenated in order, nested SEQUENCEs merged the same way, any other value as the first segment has it.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function mergeInto(into: Obj, part: Obj): void {
  for (const [k, v] of Object.entries(part)) {
    const have = into[k];
    if (have === undefined) into[k] = v;
    else if (Array.isArray(have) && Array.isArray(v)) into[k] = [...have, ...v];
    else if (isObj(have) && isObj(v)) {
      const copy = { ...have };
      mergeInto(copy, v);
      into[k] = copy;
    }
  }
}

/** The decoded segments of a result (flattened form each), as one result. */
export function mergeSegments<T extends Obj>(parts: readonly T[]): T {
  const out: Obj = {};
  for (const p of parts) mergeInto(out, p);
  return out as T;
}

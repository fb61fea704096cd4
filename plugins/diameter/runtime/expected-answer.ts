// What a request's `answer` argument asks of the answer: its fields flattened to dotted keys with enumerated names
// resolved (flattenExpected), and whether it names the Result-Code or an MSCC's Result-Code itself (then the
// built-in checks stand aside). An `answer` without expressions is the same object for every instance (the
// expressions' renderer shares such values), so the last few are kept by identity and not flattened again; one
// with expressions is a new object each time and simply misses. The flattened fields are only read (ctx.match).
import type { JsonObject } from '../../../sdk/types.js';
import { flattenExpected } from '../codec/view.js';
import type { Dictionary } from '../dictionary/dictionary.js';

export interface ExpectedAnswer {
  /** undefined when `answer` names no field. */
  fields: JsonObject | undefined;
  namesResult: boolean;
  namesMscc: boolean;
}

/** Result-Code keys that, named in `answer`, replace the built-in 2xxx check. */
const RESULT_KEYS = /^!?(Result-Code|Experimental-Result|Experimental-Result\.Experimental-Result-Code|result_code)$/;
/** MSCC Result-Code keys that, named in `answer`, replace the built-in MSCC-level check. */
const MSCC_RESULT_KEYS = /^!?Multiple-Services-Credit-Control(\[[^\]]*\])?\.Result-Code$/;

const NOTHING: ExpectedAnswer = { fields: undefined, namesResult: false, namesMscc: false };

/** Answer objects kept: enough for the requests of one definition. */
const SLOTS = 8;

interface Slot {
  dict: Dictionary | undefined;
  answer: object | undefined;
  value: ExpectedAnswer;
}

const slots: Slot[] = Array.from({ length: SLOTS }, () => ({ dict: undefined, answer: undefined, value: NOTHING }));
let nextSlot = 0;

export function expectedAnswer(dict: Dictionary, answer: Record<string, unknown> | undefined): ExpectedAnswer {
  if (answer === undefined) return NOTHING;
  for (let i = 0; i < SLOTS; i++) {
    const s = slots[i]!;
    if (s.answer === answer && s.dict === dict) return s.value;
  }
  const value = flatten(dict, answer);
  const s = slots[nextSlot]!;
  nextSlot = (nextSlot + 1) % SLOTS;
  s.dict = dict;
  s.answer = answer;
  s.value = value;
  return value;
}

function flatten(dict: Dictionary, answer: Record<string, unknown>): ExpectedAnswer {
  const fields = flattenExpected(dict, answer);
  const keys = Object.keys(fields);
  return {
    fields: keys.length ? fields : undefined,
    namesResult: keys.some((k) => RESULT_KEYS.test(k)),
    namesMscc: keys.some((k) => MSCC_RESULT_KEYS.test(k)),
  };
}

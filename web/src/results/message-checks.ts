// The tests of one message of the ladder: the checks the first instance made at the operation that sent or received
// it (the check_log entries of its step), each read as the field it checked and the outcome. A check's text names
// its field first: `Connect.destinationRoutingAddress_digits: is "4912345678"` (an argument matched) or
// `test destinationRoutingAddress_noa: expected integer 99, got 4` (a `tests[]` entry).
import type { RunRecord } from '../api/types.js';

type FirstCall = NonNullable<RunRecord['first_call']>;

export interface FieldCheck {
  /** The field it checked, when the text names one. */
  field: string | undefined;
  status: 'pass' | 'fail' | 'abort';
  /** What the check said about the field (the text after the field). */
  text: string;
}

const ARGUMENT = /^[A-Za-z][\w-]*\.([^\s:]+): (.*)$/s;
const TEST = /^test ([^\s:]+): (.*)$/s;

/** One check's text as its field and what it said. */
function fieldOf(text: string): { field: string | undefined; text: string } {
  const m = TEST.exec(text) ?? ARGUMENT.exec(text);
  return m ? { field: m[1], text: m[2]! } : { field: undefined, text };
}

/** The checks of the message at `index` of the first instance (none for a message no check was made at). */
export function messageChecks(fc: FirstCall, index: number): FieldCheck[] {
  const m = fc.messages[index];
  if (!m) return [];
  return fc.check_log.filter((c) => c.step === m.step && c.op_idx === m.op_idx).map((c) => ({ status: c.status, ...fieldOf(c.text) }));
}

// Argument tables (testOperation, RuleTester style) of every operation type plugins/map/family.ts gives from the rows
// of catalogue.ts: the sample of every message is valid as written, with the control arguments and (expected) with
// the null / `!` forms; unknown arguments and wrongly typed values are refused naming them. Register and Abort too.
import { testOperation } from '../../../sdk/testing/index.js';
import type { JsonObject, OperationDefinition } from '../../../sdk/index.js';
import { MAP_ERRORS } from '../../../plugins/map/catalogue.js';
import { mapFamily } from '../../../plugins/map/family.js';
import { mapOptions } from '../../../plugins/map/options.js';
import { ERRORS, INVOKES, MSISDN, RESULTS } from './fixtures/samples.js';

const ops = mapFamily.operations(mapOptions());
type Case = { name: string; args: JsonObject; path?: string };

/** The sample of a message: its invoke, result or error (by name) with its parameter. */
function sample(e: (typeof mapFamily.entries)[number]): JsonObject {
  if (e.wire === 'invoke') return INVOKES[e.op] as JsonObject;
  if (e.wire === 'result') return RESULTS[e.op] as JsonObject;
  const [name, parameter] = ERRORS[e.op]!;
  return { errorCode: name, ...parameter } as JsonObject;
}

function messageTable(op: OperationDefinition, e: (typeof mapFamily.entries)[number]): void {
  const s = sample(e);
  const first = Object.keys(s)[0];
  const valid: Case[] = [{ name: 'the sample', args: s }];
  const invalid: Case[] = [{ name: 'unknown argument', args: { ...s, noSuchArgument: 1 }, path: 'arguments' }];
  if (e.direction === 'send') {
    valid.push({ name: 'grouped', args: { ...s, send_with_next: true } }, { name: 'closing', args: { ...s, send_and_close: false } });
    invalid.push({ name: 'send_with_next not a boolean', args: { ...s, send_with_next: 'often' }, path: 'send_with_next' });
    if (e.wire === 'invoke') {
      valid.push({ name: 'opening with an AC and a MAP-OPEN', args: { ...s, tcap_ac: 'ati3', tcap: { map_open: { destination_reference_digits: '100' } } } });
      valid.push({ name: 'opening without a dialogue portion', args: { ...s, tcap_ac: null } });
      invalid.push({ name: 'tcap not an object', args: { ...s, tcap: 'map_open' }, path: 'tcap' });
    } else invalid.push({ name: 'tcap_ac only opens', args: { ...s, tcap_ac: 'ati3' }, path: 'arguments' });
    if (e.wire === 'error') {
      valid.push({ name: 'errorCode as a code', args: { errorCode: MAP_ERRORS[ERRORS[e.op]![0]]! } });
      invalid.push({ name: 'no errorCode', args: {}, path: 'errorCode' });
    }
  } else {
    valid.push({ name: 'control arguments', args: { ...s, last_component: 1, tcap_ac: 'ati3', tcap_result: 0 } }, { name: 'no dialogue portion expected', args: { tcap_ac: null } });
    if (first && !first.includes('.')) valid.push({ name: 'must be absent', args: { [first]: null } }, { name: 'must not equal', args: { [`!${first}`]: s[first]! } });
    if (e.wire === 'invoke') valid.push({ name: 'the MAP-OPEN of the Begin', args: { ...s, tcap: { map_open: { destination_reference_digits: '100' } } } });
    invalid.push({ name: 'last_component not a number', args: { ...s, last_component: 'yes' }, path: 'last_component' });
    invalid.push({ name: 'tcap_result out of range', args: { ...s, tcap_result: 2 }, path: 'tcap_result' });
  }
  testOperation(op, { valid, invalid });
}

const byType = new Map(ops.map((o) => [o.type, o]));
for (const e of mapFamily.entries) messageTable(byType.get(e.type)!, e);

for (const op of ops.filter((o) => o.type.endsWith('.Register'))) {
  testOperation(op, {
    valid: [{ name: 'any Begin of an operation', args: { opcode: 'AnyTimeInterrogation' } }, { name: 'by code and MSISDN', args: { opcode: 71, msisdn_digits: MSISDN } }, { name: 'refused with an error', args: { opcode: 71, refuse_error: 'unknownSubscriber' } }],
    invalid: [{ name: 'no opcode', args: { msisdn_digits: MSISDN }, path: 'opcode' }, { name: 'unknown argument', args: { opcode: 71, serviceKey: 1 }, path: 'arguments' }],
  });
}

for (const op of ops.filter((o) => o.type.startsWith('tcap.'))) {
  if (op.direction === 'send') {
    testOperation(op, {
      valid: [{ args: {} }, { args: { u_source: 0, u_info_0_octets: '0102' } }, { args: { p_cause: 4 } }],
      invalid: [{ args: { u_source: 2 }, path: 'u_source' }, { args: { p_cause: 5 }, path: 'p_cause' }, { args: { reason: 'x' }, path: 'arguments' }],
    });
  } else {
    testOperation(op, {
      valid: [{ args: {} }, { args: { kind: 'u-abort', u_source: 0 } }, { args: { kind: 'p-abort', reason: 'SCCP UDTS' } }],
      invalid: [{ args: { kind: 'x-abort' }, path: 'kind' }, { args: { cause: 1 }, path: 'arguments' }],
    });
  }
}

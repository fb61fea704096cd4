// Argument tables for every operation type of a role segment: the samples of every variant are valid,
// so are the null / `!` forms on inbound operations; unknown arguments and wrongly typed values are refused.
import { testOperation } from '../../../../sdk/testing/index.js';
import type { JsonObject, OperationDefinition } from '../../../../sdk/index.js';
import { inapFamily } from '../../../../plugins/inap/family.js';
import { inapConfig } from '../../../../plugins/inap/options.js';
import { VARIANTS } from '../../../../plugins/inap/codec/variants.js';
import { definedIn } from '../../../../plugins/inap/codec/args.js';
import { PACUI_RESULT, sample } from '../fixtures/samples.js';

function samplesFor(name: string): JsonObject[] {
  const ms = inapFamily.message(name)!;
  if (ms.wire === 'error') return [{ errorCode: 12 }];
  if (ms.wire === 'result') return ms.op === 'PromptAndCollectUserInformation' ? [PACUI_RESULT] : [{}];
  const out: JsonObject[] = [];
  for (const v of VARIANTS) {
    const s = sample(ms.op, v);
    if (s && !out.some((o) => JSON.stringify(o) === JSON.stringify(s))) out.push(s);
  }
  return out.length ? out : [{}];
}

export function opTables(segment: string): void {
  const ops = inapFamily.operations(inapConfig()).filter((o) => o.type.split('.')[1] === segment && o.type.startsWith('inap.'));
  if (ops.length === 0) throw new Error(`no operations in ${segment}`);
  for (const op of ops) {
    if (op.type.endsWith('.Register')) registerTable(op);
    else tableFor(op);
  }
}

function registerTable(op: OperationDefinition): void {
  testOperation(op, {
    valid: [{ name: 'any call', args: {} }, { name: 'by service key', args: { serviceKey: 100 } }, { name: 'by called number', args: { calledPartyNumber_digits: '800123', operation: 'InitialDP' } }],
    invalid: [
      { name: 'unknown argument', args: { serviceKey: 1, noSuchArgument: 1 }, path: 'arguments' },
      { name: 'serviceKey not an integer', args: { serviceKey: 'abc' }, path: 'serviceKey' },
      { name: 'operation that opens no dialogue', args: { operation: 'Connect' }, path: 'operation' },
    ],
  });
}

function tableFor(op: OperationDefinition): void {
  const name = op.type.split('.')[2]!;
  const receive = op.direction === 'receive';
  const valid = samplesFor(name).map((args, i) => ({ name: `sample ${i + 1}`, args }));
  if (receive) {
    valid.push({ name: 'control arguments', args: { last_component: 1, tcap_ac: 'camel3' } });
    valid.push({ name: 'no dialogue portion expected', args: { tcap_ac: null } });
    const s0 = samplesFor(name)[0]!;
    const first = Object.keys(s0)[0];
    if (first && !first.includes('.')) {
      valid.push({ name: 'must be absent', args: { [first]: null } });
      valid.push({ name: 'must not equal', args: { [`!${first}`]: s0[first]! } });
    }
  } else {
    valid.push({ name: 'grouped', args: { ...samplesFor(name)[0]!, send_with_next: true } });
    // a variant other than the default one the operation exists in (SMS and GPRS control: not in CAP v2)
    const other = (['camel2', 'camel4', 'camel3'] as const).find((v) => definedIn(inapFamily.message(name)!.op, v))!;
    valid.push({ name: 'closing', args: { ...samplesFor(name)[0]!, send_and_close: true, variant: other } });
  }
  const invalid: Array<{ name: string; args: JsonObject; path?: string }> = [
    { name: 'unknown argument', args: { ...samplesFor(name)[0]!, noSuchArgument: 1 }, path: 'arguments' },
    { name: 'variant not known', args: { ...samplesFor(name)[0]!, variant: 'cs9' }, path: 'variant' },
  ];
  if (receive) invalid.push({ name: 'last_component not a number', args: { ...samplesFor(name)[0]!, last_component: 'yes' }, path: 'last_component' });
  else invalid.push({ name: 'send_with_next not a boolean', args: { ...samplesFor(name)[0]!, send_with_next: 'often' }, path: 'send_with_next' });
  if (name === 'InitialDP') invalid.push({ name: 'serviceKey not an integer', args: { serviceKey: 'abc' }, path: 'serviceKey' });
  if (name === 'ReleaseCall') invalid.push({ name: 'cause not an integer', args: { initialCallSegment_cause: 'normal' }, path: 'initialCallSegment_cause' });
  testOperation(op, { valid, invalid });
}

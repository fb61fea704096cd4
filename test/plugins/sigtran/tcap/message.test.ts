// plugins/sigtran/tcap/message.ts: the inbound message object. Its fields are declared once (TcapMessage, api.ts)
// and merged into the class, so the compiler cannot see one left unset: this test sets every required field of
// TcapMessage from what the layers below hand up, and the summary reads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InboundMessage } from '../../../../plugins/sigtran/tcap/message.js';
import type { Dialogue, SccpAddress, TcapMessage } from '../../../../plugins/sigtran/api.js';

test('every required field of a TcapMessage is set from the dialogue, the components and the origin', () => {
  const called = { ri: 'ssn', ssn: 146, pc: 2 } as unknown as SccpAddress;
  const calling = { ri: 'ssn', ssn: 146, pc: 1 } as unknown as SccpAddress;
  const dialogue = { remoteTidHex: '0a0b0c0d', localTidHex: '01020304' } as unknown as Dialogue;
  const raw = Uint8Array.of(1, 0, 1, 1);
  const before = Date.now();
  const m = new InboundMessage('continue', dialogue, [{ type: 'returnError', invokeId: 1, errorCode: 7 } as never], undefined, { called, calling, opc: 2, dpc: 1, sls: 5, raw, peer: '127.0.0.1:2905' });
  const required: Array<keyof TcapMessage> = ['kind', 'dialogue', 'components', 'ac', 'called', 'calling', 'opc', 'dpc', 'sls', 'bytes', 'dissector', 'peer', 'receivedAt'];
  for (const k of required) assert.notEqual(m[k], undefined, k);
  assert.equal(m.ac, null, 'no dialogue portion: no AC');
  assert.equal(m.bytes, raw);
  assert.equal(m.dissector, 'm3ua');
  assert.ok(m.receivedAt >= before);
  assert.deepEqual(m.summary(), { tcap: 'continue', otid: '0a0b0c0d', dtid: '01020304', ac: null, opc: 2, dpc: 1, components: [{ type: 'returnError', invokeId: 1, errorCode: 7 }] });
});

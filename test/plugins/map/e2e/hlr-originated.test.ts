// The HLR-originated MAP operations hlr-sim does not send (it plays the HLR and answers): each example pair in
// examples/map/ runs one tester against another over M3UA/TCP on loopback — the HLR side (prn-hlr, reset-hlr,
// delete-subscriber-data-hlr, note-subscriber-data-modified-hlr, inform-service-centre-hlr) and its peer as the VLR,
// gsmSCF or SMSC. Both sides pass, and the receiving side decoded the operation's key field as sent.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES } from '../helpers/sim.js';
import { problems, runBoth, startPair, type Pair } from '../helpers/pair.js';

const load = (f: string) => ({ ...JSON.parse(readFileSync(join(EXAMPLES, f), 'utf8')), trace_level: 1 });

type Rec = { counts: { passed: number }; first_call: { messages: Array<{ direction: string; name: string; fields: Record<string, unknown> }> } };

const passed = (rec: Rec, side: string) => assert.equal(rec.counts.passed, 1, `${side}: ${JSON.stringify(rec.counts)} ${problems(rec)}`);
const received = (rec: Rec, name: string) => {
  const m = rec.first_call.messages.find((x) => x.direction === 'received' && x.name === name);
  assert.ok(m, `${name} received: ${JSON.stringify(rec.first_call.messages.map((x) => `${x.direction} ${x.name}`))}`);
  return m.fields;
};
/** A decoded field by its dotted path (the decoder nests SEQUENCEs and CHOICEs). */
const at = (fields: Record<string, unknown>, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], fields);

describe('HLR-originated MAP examples, tester against tester', () => {
  let p: Pair;
  before(async () => {
    p = await startPair();
  });
  after(async () => {
    await p.close();
  });

  // [the HLR's file, its peer's file, the operation the peer receives, a field of it, its value, what the HLR gets back]
  const cases = [
    ['prn-hlr.json', 'prn-vlr.json', 'ProvideRoamingNumber', 'msc-Number_digits', '491720000', ['ProvideRoamingNumberResult', 'roamingNumber_digits', '4917999021']],
    ['reset-hlr.json', 'reset-vlr.json', 'Reset', 'sendingNodenumber.hlr-Number_digits', '491700001', null],
    ['delete-subscriber-data-hlr.json', 'delete-subscriber-data-vlr.json', 'DeleteSubscriberData', 'imsi_digits', '262011000000022', ['DeleteSubscriberDataResult', null, null]],
    ['note-subscriber-data-modified-hlr.json', 'note-subscriber-data-modified-scf.json', 'NoteSubscriberDataModified', 'msisdn_digits', '4917100023', ['NoteSubscriberDataModifiedResult', null, null]],
  ] as const;

  for (const [hlrFile, peerFile, op, field, value, back] of cases) {
    test(`${hlrFile} against ${peerFile}: ${op} arrives with ${field} ${value}`, async () => {
      const [peer, hlr] = await runBoth(p.a, load(peerFile), p.b, load(hlrFile));
      passed(peer, peerFile);
      passed(hlr, hlrFile);
      assert.equal(at(received(peer, op), field), value);
      if (back) {
        const f = received(hlr, back[0]);
        if (back[1]) assert.equal(f[back[1]], back[2]);
      }
    });
  }

  test('inform-service-centre-hlr.json against inform-service-centre-smsc.json: InformServiceCentre before the SRI-SM result', async () => {
    const [hlr, smsc] = await runBoth(p.a, load('inform-service-centre-hlr.json'), p.b, load('inform-service-centre-smsc.json'));
    passed(hlr, 'HLR');
    passed(smsc, 'SMSC');
    const names = smsc.first_call.messages.map((m: { direction: string; name: string }) => `${m.direction} ${m.name}`);
    assert.deepEqual(names, ['sent SendRoutingInfoForSM', 'received InformServiceCentre', 'received SendRoutingInfoForSMResult']);
    assert.equal(received(smsc, 'InformServiceCentre').storedMSISDN_digits, '4917100024');
  });
});

// Long short messages tester -> tester over M3UA on loopback: an MT text of 3 parts (GSM 7-bit with extension
// characters, and UCS2) sent in one dialogue with moreMessagesToSend as TS 29.002 has the SMSC do, each further part
// in a Continue after the previous part's result; the MSC side answers the parts and reassembles them; an MO text
// of 3 parts sent one dialogue a part (concat_part) and reassembled by reference on the SMSC side; tester -> hlr-sim:
// the 3 parts of a long MT text delivered one dialogue each.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, runBoth, startPair, type Pair } from '../helpers/pair.js';
import { startSimStack, type SimStack } from '../helpers/sim.js';
import { runToCompletion } from '../../../helpers/service.js';
import { IMSI, MSISDN, SMSC } from '../fixtures/samples.js';

const flow = (r: any) => r.first_call.messages.map((m: any) => `${m.direction} ${m.name} ${m.fields.tcap ?? m.fields.tcap_message ?? ''} ${m.fields['sm-RP-UI_tpdu']?.concat_seq ?? ''}`.trim());

describe('long short messages split into parts and reassembled', () => {
  let p: Pair;
  before(async () => {
    p = await startPair();
  });
  after(async () => {
    await p.close();
  });

  for (const [name, text, refBits] of [
    ['GSM 7-bit (extension characters), 8-bit reference', 'Dear customer; your bill of {42} € is ready [see ~portal]. '.repeat(7), 8],
    ['UCS2, 16-bit reference', 'Уважаемый клиент, ваш счёт готов. '.repeat(5), 16],
  ] as const) {
    test(`MT in one dialogue: ${name}`, async () => {
      const [msc, smsc] = await runBoth(p.a, {
        run_id: 'msc', trace_level: 1,
        operations: [
          { type: 'map.msc_from_smsc.Register', arguments: { opcode: 44, imsi_digits: IMSI } },
          { type: 'map.msc_from_smsc.MtForwardSM', arguments: { 'sm-RP-UI_tpdu.concat_text': text, 'sm-RP-UI_tpdu.concat_seq': 3, 'sm-RP-UI_tpdu.concat_total': 3, 'sm-RP-UI_tpdu.concat_ref_bits': refBits } },
          { type: 'map.msc_to_smsc.MtForwardSMResult' },
        ],
      }, p.b, {
        run_id: 'smsc', trace_level: 1,
        operations: [
          { type: 'map.smsc_to_msc.MtForwardSM', arguments: { 'sm-RP-DA': { imsi_digits: IMSI }, 'sm-RP-OA': { serviceCentreAddressOA_digits: SMSC }, 'sm-RP-UI_tpdu': { oa_digits: MSISDN, text, concat_ref_bits: refBits } } },
          { type: 'map.smsc_from_msc.MtForwardSMResult', arguments: { last_component: 1 } },
        ],
      });
      assert.equal(msc.counts.passed, 1, problems(msc));
      assert.equal(smsc.counts.passed, 1, problems(smsc));
      // the SMSC: part 1 in the Begin, parts 2 and 3 in Continues, each after a result; the last result in the End
      assert.deepEqual(flow(smsc), [
        'sent MtForwardSM begin 1', 'sent MtForwardSM continue 2', 'sent MtForwardSM continue 3', 'received MtForwardSMResult end',
      ]);
      const sent = smsc.first_call.messages.filter((m: any) => m.direction === 'sent');
      assert.deepEqual(sent.map((m: any) => m.fields.moreMessagesToSend), [1, 1, undefined]);
      // the MSC: the first two answered at once, the last one taken by the receive step with the whole text
      assert.deepEqual(flow(msc), [
        'received MtForwardSM begin 1', 'sent MtForwardSMResult continue', 'received MtForwardSM continue 2', 'sent MtForwardSMResult continue', 'received MtForwardSM continue 3', 'sent MtForwardSMResult end',
      ]);
      const last = msc.first_call.messages.find((m: any) => m.fields['sm-RP-UI_tpdu']?.concat_text);
      assert.equal(last.fields['sm-RP-UI_tpdu'].concat_parts.map((x: any) => x.text).join(''), text);
      assert.deepEqual(last.fields['sm-RP-UI_tpdu'].concat_parts.map((x: any) => x.concat_ref_bits), [refBits, refBits, refBits]);
    });
  }

  test('MO one dialogue a part (concat_part), reassembled on the SMSC side', async () => {
    const text = 'Meet at the station at 8; bring the tickets and the passports. '.repeat(6);
    const part = (k: number) => [
      { type: 'map.msc_to_smsc.MoForwardSM', arguments: { 'sm-RP-DA': { serviceCentreAddressDA_digits: SMSC }, 'sm-RP-OA': { msisdn_digits: MSISDN }, 'sm-RP-UI_tpdu': { da_digits: '4917100002', text, concat_part: k, concat_ref: 42 } } },
      { type: 'map.msc_from_smsc.MoForwardSMResult', arguments: { last_component: 1 } },
    ];
    const take = (k: number, extra: Record<string, unknown> = {}) => [
      { type: 'map.smsc_from_msc.MoForwardSM', arguments: { 'sm-RP-UI_tpdu.concat_seq': k, 'sm-RP-UI_tpdu.concat_ref': 42, ...extra } },
      { type: 'map.smsc_to_msc.MoForwardSMResult' },
    ];
    const [smsc, msc] = await runBoth(p.a, {
      run_id: 'smsc-mo', trace_level: 1,
      operations: [...take(1), ...take(2), ...take(3, { 'sm-RP-UI_tpdu.concat_text': text })],
    }, p.b, {
      run_id: 'msc-mo', trace_level: 1,
      operations: [...part(1), ...part(2), ...part(3)],
    });
    assert.equal(smsc.counts.passed, 1, problems(smsc) + problems(msc));
    assert.equal(msc.counts.passed, 1, problems(msc) + JSON.stringify(flow(msc)));
    assert.deepEqual(flow(msc).filter((s: string) => s.startsWith('sent')), ['sent MoForwardSM begin 1', 'sent MoForwardSM begin 2', 'sent MoForwardSM begin 3']);
  });

  test('MO without concat_part: refused, naming the way (MO-ForwardSM has no moreMessagesToSend)', async () => {
    const [msc] = await runBoth(p.b, {
      run_id: 'msc-mo-bad',
      operations: [{ type: 'map.msc_to_smsc.MoForwardSM', arguments: { 'sm-RP-DA': { serviceCentreAddressDA_digits: SMSC }, 'sm-RP-OA': { msisdn_digits: MSISDN }, 'sm-RP-UI_tpdu': { da_digits: '1', text: 'x'.repeat(400) } } }],
    }, p.a, { run_id: 'noop', operations: [{ type: 'comment', arguments: { text: 'nothing' } }] });
    assert.match(JSON.stringify(msc.first_call.check_log), /the text needs 3 parts; MO-ForwardSM carries one per dialogue .*concat_part 1\.\.3/);
  });
});

describe('long short messages to tester hlr-sim', () => {
  let st: SimStack;
  before(async () => {
    st = await startSimStack();
  });
  after(async () => {
    await st.close();
  });
  const text = 'Your parcel 4711 arrives tomorrow between 8 and 12; reply STOP to end these messages. '.repeat(4);
  const mtPart = (k?: number) => ({
    type: 'map.smsc_to_msc.MtForwardSM',
    arguments: { 'sm-RP-DA': { imsi_digits: '262011000000001' }, 'sm-RP-OA': { serviceCentreAddressOA_digits: SMSC }, 'sm-RP-UI_tpdu': { oa_digits: MSISDN, text, concat_ref: 7, ...(k ? { concat_part: k } : {}) } },
  });

  test('MT parts one dialogue each (concat_part): each delivered', async () => {
    const before = st.sim.stats.sms_delivered;
    const ops = [1, 2, 3].flatMap((k) => [mtPart(k), { type: 'map.smsc_from_msc.MtForwardSMResult', arguments: { last_component: 1 } }]);
    const r = await runToCompletion(st.svc.port, { run_id: `sim-parts-${Date.now()}`, distribution: { type: 'single' }, trace_level: 1, operations: ops }, { timeoutMs: 30_000 });
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts) + JSON.stringify(r.first_fails));
    assert.equal(st.sim.stats.sms_delivered - before, 3);
    const sent = r.first_call.messages.filter((m: any) => m.direction === 'sent').map((m: any) => [m.fields['sm-RP-UI_tpdu'].concat_seq, m.fields['sm-RP-UI_tpdu'].concat_total, m.fields['sm-RP-UI_tpdu'].concat_ref]);
    assert.deepEqual(sent, [[1, 3, 7], [2, 3, 7], [3, 3, 7]]);
  });

  test('MT in one dialogue: delivered whole, or refused plainly by a peer that ends the dialogue after part 1', async () => {
    const r = await runToCompletion(st.svc.port, {
      run_id: `sim-one-${Date.now()}`, distribution: { type: 'single' },
      operations: [mtPart(), { type: 'map.smsc_from_msc.MtForwardSMResult', arguments: { last_component: 1 } }],
    }, { timeoutMs: 30_000 });
    // hlr-sim answers each MT-ForwardSM in an End today; should it keep the dialogue for moreMessagesToSend, all pass
    if (r.counts.passed !== 1) assert.match(JSON.stringify(r.first_aborts), /answered part 1 of 3 in a TCAP end, not a Continue \(it ignored moreMessagesToSend\)/);
  });
});

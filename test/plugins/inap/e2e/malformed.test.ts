// A peer that sends malformed messages in the middle of a load run: a hand-written SCP on raw TCP (M3UA framing, no
// stack of ours) answers six InitialDPs — three with a proper End+ReleaseCall, one with a Continue whose component
// portion is broken, one with a Continue whose transaction portion is broken, one with a ReleaseCall whose argument
// does not decode — and throws garbage M3UA, SCCP and TCAP in between. Only the three affected instances abort, each
// naming what was wrong; the peer gets a TCAP End with a Reject (Q.773 general problem), a P-Abort
// badlyFormattedTransactionPortion and a Reject invoke mistypedParameter back; the association stays up.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runToCompletion, call } from '../../../helpers/service.js';
import type { RunningService } from '../../../../core/service.js';
import type { RawPeer } from '../../sigtran/raw-peer.js';
import { serviceBehindRawSg, type ServiceBehindRawSg } from '../../sigtran/raw-sg.js';
import { encodeM3ua, type M3uaMessage } from '../../../../plugins/sigtran/m3ua/codec.js';
import { M3uaClass } from '../../../../plugins/sigtran/m3ua/constants.js';
import { decodeSccp, encodeSccp } from '../../../../plugins/sigtran/sccp/codec.js';
import { decodeTcap, encodeTcap, GeneralProblem, type DecodedTcap } from '../../../../plugins/sigtran/tcap/codec.js';
import { BerWriter, TagClass, children, decodeInteger, fromHex, readTlv } from '../../../../plugins/sigtran/ber/index.js';
import { argType } from '../../../../plugins/inap/codec/args.js';
import { encodeArg } from '../../../../plugins/sigtran/codec/index.js';
import { variantOfAc } from '../../../../plugins/inap/contexts.js';
import { outboundFields } from '../../../../plugins/inap/runtime/prepare-args.js';

const RC = 7;
const isData = (m: M3uaMessage) => m.cls === M3uaClass.TRANSFER && m.type === 1;
const dataFrom = (sccp: Uint8Array) => encodeM3ua(M3uaClass.TRANSFER, 1, { routingContexts: [RC], protocolData: { opc: 2, dpc: 1, si: 3, ni: 2, mp: 0, sls: 1, data: sccp } });

/** serviceKey, the first element of the InitialDPArg in the Begin's Invoke. */
function serviceKey(arg: Uint8Array): number {
  return decodeInteger(arg, children(arg, readTlv(arg, 0))[0]!);
}

/** A Continue from the peer (new otid 0x5c0000nn, dtid = the Begin's otid) with `tail` as the rest of its content. */
function continueWith(otid: number, dtid: Uint8Array, tail: Uint8Array): Uint8Array {
  const w = new BerWriter();
  w.begin(TagClass.Application, 5);
  w.tag(TagClass.Application, false, 8).len(4).raw(Uint8Array.of(0x5c, 0, 0, otid));
  w.tag(TagClass.Application, false, 9).len(dtid.length).raw(dtid);
  w.raw(tail);
  w.end();
  return w.toBytes();
}

describe('a peer sending malformed messages during a run of several instances', () => {
  let svc: RunningService;
  let sg: ServiceBehindRawSg;
  let peer: RawPeer;
  const answered: Array<{ sk: number; sent: string; reply?: DecodedTcap }> = [];

  before(async () => {
    sg = await serviceBehindRawSg(RC);
    ({ svc, peer } = sg);
  });
  after(async () => {
    await sg.close();
  });

  /** The hand-written SCP: answers each Begin by its serviceKey, and sends garbage before the third answer. */
  async function scp(n: number): Promise<void> {
    const w = new BerWriter();
    for (let i = 0; i < n; i++) {
      const got = await peer.next((m) => isData(m) && decodeTcap(decodeSccp(m.protocolData!.data).data).kind === 'begin', 10_000);
      const udt = decodeSccp(got.m.protocolData!.data);
      const begin = decodeTcap(udt.data);
      const invoke = begin.components[0]!;
      assert.equal(invoke.type, 'invoke');
      const sk = serviceKey(invoke.type === 'invoke' ? invoke.argument! : new Uint8Array(0));
      const reply = (tcap: Uint8Array) => peer.send(dataFrom(encodeSccp({ xudt: false, protocolClass: 0, returnOnError: false, called: udt.callingRaw, calling: udt.calledRaw }, tcap)));
      if (i === 2) {
        peer.send(Uint8Array.of(2, 0, 1, 1, 0, 0, 0, 8)); // M3UA version 2: an ERR comes back
        peer.send(dataFrom(fromHex('01 0203 04 05'))); // SCCP CR (connection-oriented): dropped
        reply(fromHex('0102030405')); // TCAP of no known type and no transaction id: dropped
      }
      if (sk % 6 === 2) {
        // an Invoke without an operation code (invoke id 5): a component the component sublayer rejects
        reply(continueWith(i, begin.otid!, fromHex('6c05 a103020105')));
        answered.push({ sk, sent: 'bad component' });
      } else if (sk % 6 === 3) {
        // an element the transaction portion cannot hold
        reply(continueWith(i, begin.otid!, fromHex('0400 6c00')));
        answered.push({ sk, sent: 'bad transaction portion' });
      } else if (sk % 6 === 4) {
        // a well-formed TCAP Continue whose ReleaseCall argument is not a Cause (a SEQUENCE holding an ENUMERATED)
        reply(continueWith(i, begin.otid!, fromHex('6c0d a10b 020101 020116 3003 0a01ff')));
        answered.push({ sk, sent: 'bad argument' });
      } else {
        const ac = begin.dialogue?.type === 'aarq' ? begin.dialogue.ac : undefined;
        const variant = variantOfAc(ac?.oid) ?? 'cs1';
        const rc = encodeArg(argType('ReleaseCall', variant)!, outboundFields('ReleaseCall', variant, { initialCallSegment_cause: 16 }));
        reply(encodeTcap(w, { kind: 'end', dtid: begin.otid!, ...(ac ? { dialogue: { type: 'aare', ac, result: 0, diagSource: 'user', diag: 0 } } : {}), components: [{ t: 'invoke', s: { invokeId: 1, opcode: 22, argument: rc } }] }).slice());
        answered.push({ sk, sent: 'release' });
      }
    }
  }

  test('only the three instances the bad messages belong to abort; the peer gets two Rejects and a P-Abort back', async () => {
    const sim = scp(6);
    const r = await runToCompletion(svc.port, {
      run_id: 'malformed-peer',
      distribution: { type: 'load', total: 6, backlog: 6 },
      scp: { tcap_timeout: 5 },
      operations: [
        { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: '{ 100 + $n }', eventTypeBCSM: 2, calledPartyNumber_digits: '1234' } },
        { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } },
      ],
    }, { timeoutMs: 20_000 });
    await sim;
    assert.deepEqual(answered.map((a) => a.sent).sort(), ['bad argument', 'bad component', 'bad transaction portion', 'release', 'release', 'release']);
    assert.equal(r.counts.passed, 3, JSON.stringify(r.first_aborts));
    assert.equal(r.counts.aborted, 3);
    assert.equal(r.counts.failed, 0);
    const reasons = JSON.stringify(r.first_aborts);
    assert.match(reasons, /bad TCAP message from the peer: bad component portion: .*Invoke without an operation code.*; TCAP End with a Reject \(general: mistypedComponent \(1\), invoke 5\) sent back/);
    assert.match(reasons, /bad TCAP message from the peer: unexpected element \[class 0 4\] in the transaction portion; P-Abort badlyFormattedTransactionPortion \(2\) sent back/);

    // what came back on the wire: an ERR for the bad M3UA version, a TCAP End with the Reject, a P-Abort
    const err = await peer.next((m) => m.cls === M3uaClass.MGMT && m.type === 0);
    assert.equal(err.m.errorCode, 0x01, 'invalid version');
    const back = peer.received.filter((x) => isData(x.m)).map((x) => decodeTcap(decodeSccp(x.m.protocolData!.data).data)).filter((t) => t.kind !== 'begin');
    const ends = back.filter((t) => t.kind === 'end');
    const general = ends.find((t) => t.components[0]?.type === 'reject' && t.components[0].problem === 'general');
    assert.ok(general, `a TCAP End with a general Reject came back: ${JSON.stringify(back)}`);
    assert.deepEqual(general.components, [{ type: 'reject', invokeId: 5, problem: 'general', code: GeneralProblem.mistypedComponent, text: 'general: mistypedComponent (1)' }]);
    assert.equal(general.dtid![0], 0x5c, 'to the otid of the bad Continue');
    const aborts = back.filter((t) => t.kind === 'abort');
    const pAbort = aborts.find((t) => t.pAbortCause !== undefined);
    assert.equal(pAbort?.pAbortCause, 2);
    assert.equal(pAbort?.dtid![0], 0x5c);
    // the argument that does not decode: the instance aborts naming it, and the End closing its dialogue carries a
    // Reject invoke mistypedParameter for the ReleaseCall's invoke id (1)
    assert.match(reasons, /ReleaseCall: the argument cannot be decoded as camel3: .*; a Reject \(invoke: mistypedParameter\) goes back when the dialogue closes/);
    const mistyped = ends.find((t) => t.components[0]?.type === 'reject' && t.components[0].problem === 'invoke');
    assert.deepEqual(mistyped?.components, [{ type: 'reject', invokeId: 1, problem: 'invoke', code: 2, text: 'invoke: mistypedParameter (2)' }]);
    assert.equal(back.length, 3, 'nothing sent back for the garbage that names no transaction');

    // the association stayed up: the gateway is still 'up' and takes the next run
    const l = await call(svc.port, 'ListTests', {});
    assert.equal(l.result.gateways.find((g: { name: string }) => g.name === 'SIG').state, 'up');
    answered.length = 0;
    const sim2 = scp(1);
    const r2 = await runToCompletion(svc.port, { run_id: 'after-malformed', operations: [{ type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 101, eventTypeBCSM: 2, calledPartyNumber_digits: '1234' } }, { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } }] }, { timeoutMs: 10_000 });
    await sim2;
    assert.equal(r2.counts.passed, 1, JSON.stringify(r2.first_aborts));
  });
});

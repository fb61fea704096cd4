// Every message type the gateway emits, captured with `pcap:` and decoded by tshark: no malformed packet or
// expert item, and the decoded fields (point codes, SSNs, GT digits, transaction ids, AC) are what we sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { needsTool } from '../../../helpers/tools.js';
import { resolveAc, type ScpParams } from '../../../../plugins/sigtran/api.js';
import { fromHex } from '../../../../plugins/sigtran/ber/index.js';
import { encodeM3ua } from '../../../../plugins/sigtran/m3ua/codec.js';
import { AspsmType, AsptmType, M3uaClass, SsnmType } from '../../../../plugins/sigtran/m3ua/constants.js';
import { tcpPair } from '../helpers.js';
import { encodeAddress } from '../../../../plugins/sigtran/sccp/address.js';
import { encodeSccp } from '../../../../plugins/sigtran/sccp/codec.js';
import { encodeTcap } from '../../../../plugins/sigtran/tcap/codec.js';
import { BerWriter } from '../../../../plugins/sigtran/ber/index.js';

/** CAP v2 InitialDPArg { serviceKey 100, extensions with three 150-octet values }: 497 octets. */
function bigInitialDp(w: BerWriter): void {
  w.beginSequence().integer(100, 2, 0);
  w.begin(2, 15);
  for (let i = 1; i <= 3; i++) w.beginSequence().integer(i).begin(2, 1).octets(new Uint8Array(150).fill(i)).end().end();
  w.end().end();
}

/** A well-formed UDT with a Begin (CAP v2 AARQ), sent in a DATA for a routing context the SGP does not serve. */
function otherRcSccp(): Uint8Array {
  const tcap = encodeTcap(new BerWriter(), { kind: 'begin', otid: 0x01020304, dialogue: { type: 'aarq', ac: resolveAc('camel2')! } }).slice();
  return encodeSccp({ xudt: false, protocolClass: 1, returnOnError: true, called: encodeAddress({ ri: 'ssn', pc: 200, ssn: 146 }), calling: encodeAddress({ ri: 'ssn', pc: 100, ssn: 146 }) }, tcap);
}
import { rawClient } from '../raw-peer.js';
import '../../../../plugins/inap/contexts.js'; // the contexts' names (camel2, ati3) are the TCAP users'
import '../../../../plugins/map/contexts.js';

const FIELDS = [
  'frame.number',
  'm3ua.message_class',
  'm3ua.message_type',
  'm3ua.protocol_data_opc',
  'm3ua.protocol_data_dpc',
  'm3ua.routing_context',
  'm3ua.error_code',
  'sccp.message_type',
  'sccp.called.ssn',
  'sccp.calling.ssn',
  'sccp.called.digits',
  'sccp.calling.digits',
  'tcap.otid',
  'tcap.dtid',
  'tcap.application_context_name',
  'tcap.p_abortCause',
  'tcap.abort_source',
];

type Row = Record<string, string>;

function tshark(file: string, args: string[]): string {
  return execFileSync('tshark', ['-r', file, '-o', 'sccp.default_payload:tcap', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

function rows(file: string): Row[] {
  const out = tshark(file, ['-T', 'fields', '-E', 'separator=|', '-E', 'occurrence=a', '-E', 'aggregator=,', ...FIELDS.flatMap((f) => ['-e', f])]);
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => Object.fromEntries(line.split('|').map((v, i) => [FIELDS[i]!, v.replace(/:/g, '')])));
}

function types(rs: Row[]): Set<string> {
  return new Set(rs.map((r) => `${r['m3ua.message_class']}/${r['m3ua.message_type']}`));
}

test('tshark decodes a capture of every message type cleanly, field by field', needsTool('tshark', 'apt-get install tshark'), async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sigtran-cap-'));
  try {
    const sspPcap = join(dir, 'ssp.pcap');
    const scpPcap = join(dir, 'scp.pcap');
    const p = await tcpPair(
      { pcap: scpPcap, routingContext: 7 },
      { pcap: sspPcap, routingContext: 7, beatIntervalMs: 20, gt: { gti: 4, digits: '4917100001', tt: 0, np: 1, nai: 4 } },
    );
    const tids: Record<string, string> = {};
    try {
      const scpGt: ScpParams = { dpc: 200, dssn: 146, dgt_digits: '491710000001', dri: 0 };
      // 1. CAP v2: Begin(AARQ, Invoke) / Continue(AARE, Invoke linked, RR-NL, RR-L) / Continue(Reject, RE) / End(RR-L)
      let acc = p.scp.acceptBegin({}, { timeoutMs: 3000 });
      const d1 = p.ssp.openDialogue({ scp: scpGt, ac: resolveAc('camel2') });
      d1.invoke({ opcode: 0, argument: fromHex('3003800164') });
      tids.d1 = d1.send().localTid;
      const b1 = (await acc).dialogue;
      tids.s1 = b1.localTidHex;
      b1.invoke({ opcode: 23, linkedId: 1 });
      b1.returnResult({ invokeId: 1 });
      b1.send();
      await d1.receive({ timeoutMs: 3000 });
      d1.reject({ invokeId: 2, problem: 'invoke', code: 1 });
      d1.returnError({ invokeId: 2, errorCode: 7 });
      d1.send();
      await b1.receive({ timeoutMs: 3000 });
      b1.end();
      assert.equal((await d1.receive({ timeoutMs: 3000 })).kind, 'end');

      // 2. CAP v4 refused: Abort with AARE reject-permanent naming CAP v2
      acc = p.scp.acceptBegin({}, { timeoutMs: 3000 });
      const d2 = p.ssp.openDialogue({ scp: { dpc: 200, dssn: 146 }, ac: resolveAc('camel4') });
      d2.invoke({ opcode: 0, argument: fromHex('3003800164') });
      tids.d2 = d2.send().localTid;
      (await acc).dialogue.abort({ acNotSupported: true, ac: resolveAc('camel2')! });
      assert.equal((await d2.receive({ timeoutMs: 3000 })).kind, 'u-abort');

      // 3. INAP CS-1: Begin / Continue / U-Abort (ABRT) from the SSP
      acc = p.scp.acceptBegin({}, { timeoutMs: 3000 });
      const d3 = p.ssp.openDialogue({ scp: { dpc: 200, dssn: 241 }, ac: resolveAc('cs1') });
      d3.invoke({ opcode: 0, argument: fromHex('3003800164') });
      tids.d3 = d3.send().localTid;
      const b3 = (await acc).dialogue;
      b3.send();
      await d3.receive({ timeoutMs: 3000 });
      d3.abort();
      assert.equal((await b3.receive({ timeoutMs: 3000 })).kind, 'u-abort');

      // 4. P-Abort: a Continue for a transaction the SCP forgot
      acc = p.scp.acceptBegin({}, { timeoutMs: 3000 });
      const d4 = p.ssp.openDialogue({ scp: { dpc: 200, dssn: 146 }, ac: resolveAc('camel3') });
      tids.d4 = d4.send().localTid;
      const b4 = (await acc).dialogue;
      b4.send();
      await d4.receive({ timeoutMs: 3000 });
      b4.release();
      d4.invoke({ opcode: 31 });
      d4.send();
      const pa = await d4.receive({ timeoutMs: 3000 });
      assert.equal(pa.pAbortCause, 1);

      // 4a. AC-less dialogue (Blue Book style): Begin without dialogue portion, U-Abort without one.
      acc = p.scp.acceptBegin({ ac: null }, { timeoutMs: 3000 });
      const d5 = p.ssp.openDialogue({ scp: { dpc: 200, dssn: 146 } });
      d5.invoke({ opcode: 0, argument: fromHex('3003800164') });
      tids.d5 = d5.send().localTid;
      const b5 = (await acc).dialogue;
      b5.send();
      await d5.receive({ timeoutMs: 3000 });
      d5.abort();
      assert.equal((await b5.receive({ timeoutMs: 3000 })).kind, 'u-abort');

      // 4b. MAP: AnyTimeInterrogation with a MAP-OpenInfo in the AARQ user-information, answered by End(RR-L).
      acc = p.scp.acceptBegin({ opcode: 71, ac: resolveAc('ati3') }, { timeoutMs: 3000 });
      const dm = p.ssp.openDialogue({
        scp: { dpc: 200, dssn: 6 },
        calling: { ri: 'ssn', pc: 100, ssn: 147 },
        ac: resolveAc('ati3'),
        userInformation: fromHex('281a 0607 04000001010101 a00f a00d 8005 9194710000 8104 91947100'),
      });
      dm.invoke({ opcode: 71, argument: fromHex('3016 a007 8105 9194710000 a104 8000 8100 8305 9194710001') });
      tids.map = dm.send().localTid;
      const bm = await acc;
      assert.ok(bm.dialoguePdu?.type === 'aarq' && bm.dialoguePdu.userInformation?.length === 28, 'user information received');
      bm.dialogue.returnResult({ invokeId: 1, opcode: 71, result: fromHex('3006 3004 a1028000') });
      bm.dialogue.end();
      assert.equal((await dm.receive({ timeoutMs: 3000 })).kind, 'end');

      // 5. ERR (DATA for another routing context) and DAVA (answer to DAUD) from the SGP, via a raw ASP.
      const raw = await rawClient(p.scp.boundPort()!);
      raw.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP, {}));
      await raw.next((m) => m.cls === 3 && m.type === AspsmType.ASPUP_ACK);
      raw.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC, { trafficMode: 2, routingContexts: [7] }));
      await raw.next((m) => m.cls === 4 && m.type === AsptmType.ASPAC_ACK);
      raw.send(encodeM3ua(1, 1, { routingContexts: [99], protocolData: { opc: 100, dpc: 200, si: 3, ni: 2, mp: 0, sls: 1, data: otherRcSccp() } }));
      const err = await raw.next((m) => m.cls === 0 && m.type === 0);
      assert.equal(err.m.errorCode, 0x19);
      raw.send(encodeM3ua(M3uaClass.SSNM, SsnmType.DAUD, { routingContexts: [7], affected: [{ pc: 100 }] }));
      await raw.next((m) => m.cls === 2 && m.type === SsnmType.DAVA);
      await raw.close();

      // 6. BEAT / BEAT ACK: the SSP beats every 20 ms
      await new Promise((r) => setTimeout(r, 80));
    } finally {
      await p.close(); // ASPIA / ASPDN and their ACKs
    }
    // XUDT from a second pair
    const x = await tcpPair({ pcap: join(dir, 'scp2.pcap') }, { pcap: join(dir, 'ssp2.pcap'), sccpMessage: 'xudt', sccpClass: 0 });
    try {
      const acc = x.scp.acceptBegin({}, { timeoutMs: 3000 });
      const d = x.ssp.openDialogue({ scp: { dpc: 200, dssn: 146 }, ac: resolveAc('camel2') });
      d.invoke({ opcode: 0, argument: fromHex('3003800164') });
      tids.x = d.send().localTid;
      (await acc).dialogue.end();
      assert.equal((await d.receive({ timeoutMs: 3000 })).kind, 'end');
      // A Begin too large for one SCCP message: XUDT segments, reassembled by the SCP and by tshark.
      const acc2 = x.scp.acceptBegin({}, { timeoutMs: 3000 });
      const big = x.ssp.openDialogue({ scp: { dpc: 200, dssn: 146 }, ac: resolveAc('camel2') });
      big.invoke({ opcode: 0, argument: bigInitialDp });
      const sent = big.send();
      assert.equal(sent.segments?.length, 3);
      tids.big = sent.localTid;
      const got = await acc2;
      assert.equal((got.components[0] as { argument: Uint8Array }).argument.length, 497);
      got.dialogue.end();
      await big.receive({ timeoutMs: 3000 });
    } finally {
      await x.close();
    }

    for (const f of ['ssp.pcap', 'scp.pcap', 'ssp2.pcap', 'scp2.pcap']) {
      const bad = tshark(join(dir, f), ['-Y', '_ws.expert || _ws.malformed']);
      assert.equal(bad.trim(), '', `${f}: tshark reports malformed packets or expert items:\n${bad}`);
    }

    const ssp = rows(sspPcap);
    const scp = rows(scpPcap);
    // M3UA: the SSP (ASP) sent ASPUP, ASPAC, BEAT, ASPIA, ASPDN, DATA; and got their ACKs, NTFY, BEAT ACK.
    const sspTypes = types(ssp);
    for (const t of ['3/1', '3/4', '4/1', '4/3', '0/1', '3/3', '3/6', '4/2', '4/4', '3/2', '3/5', '1/1']) {
      assert.ok(sspTypes.has(t), `SSP capture lacks M3UA ${t}: ${[...sspTypes].join(' ')}`);
    }
    const scpTypes = types(scp);
    for (const t of ['0/0', '2/3', '2/2']) assert.ok(scpTypes.has(t), `SCP capture lacks M3UA ${t}: ${[...scpTypes].join(' ')}`);
    assert.ok(scp.some((r) => r['m3ua.error_code'] === '0x19' || r['m3ua.error_code'] === '25'), 'ERR invalid routing context decoded');

    const data = ssp.filter((r) => r['m3ua.message_class'] === '1');
    for (const r of data) {
      assert.equal(r['m3ua.routing_context'], '7');
      assert.ok(
        (r['m3ua.protocol_data_opc'] === '100' && r['m3ua.protocol_data_dpc'] === '200') || (r['m3ua.protocol_data_opc'] === '200' && r['m3ua.protocol_data_dpc'] === '100'),
        JSON.stringify(r),
      );
    }
    const begin1 = data.find((r) => r['tcap.otid'] === tids.d1 && !r['tcap.dtid'])!;
    assert.ok(begin1, `Begin of dialogue 1 (${tids.d1}) in the capture`);
    assert.equal(begin1['tcap.application_context_name'], '0.4.0.0.1.0.50.1');
    assert.equal(begin1['sccp.called.digits'], '491710000001');
    assert.equal(begin1['sccp.calling.digits'], '4917100001');
    assert.equal(begin1['sccp.called.ssn'], '146');
    assert.equal(begin1['sccp.calling.ssn'], '146');
    const cont1 = data.find((r) => r['tcap.otid'] === tids.s1 && r['tcap.dtid'] === tids.d1)!;
    assert.ok(cont1, 'Continue of dialogue 1 with both tids');
    assert.equal(cont1['tcap.application_context_name'], '0.4.0.0.1.0.50.1', 'AARE carries the AC');
    assert.ok(data.some((r) => r['tcap.dtid'] === tids.d1 && !r['tcap.otid']), 'End of dialogue 1');
    const abort2 = data.find((r) => r['tcap.dtid'] === tids.d2)!;
    assert.equal(abort2['tcap.application_context_name'], '0.4.0.0.1.0.50.1', 'refusal names the supported AC');
    const begin3 = data.find((r) => r['tcap.otid'] === tids.d3 && !r['tcap.dtid'])!;
    assert.equal(begin3['tcap.application_context_name'], '0.4.0.1.1.1.0.0');
    assert.equal(begin3['sccp.called.ssn'], '241');
    assert.ok(data.some((r) => r['tcap.abort_source'] === '0'), 'ABRT with abort-source dialogue-service-user');
    assert.ok(data.some((r) => r['tcap.dtid'] === tids.d4 && r['tcap.p_abortCause'] === '1'), 'P-Abort unrecognizedTransactionID');
    const noAc = data.filter((r) => r['tcap.otid'] === tids.d5 || r['tcap.dtid'] === tids.d5);
    assert.ok(noAc.length >= 1 && noAc.every((r) => r['tcap.application_context_name'] === ''), 'AC-less Begin and Abort');
    const ati = data.find((r) => r['tcap.otid'] === tids.map && !r['tcap.dtid'])!;
    assert.equal(ati['tcap.application_context_name'], '0.4.0.0.1.0.29.3');
    assert.equal(ati['sccp.called.ssn'], '6');
    assert.equal(ati['sccp.calling.ssn'], '147');
    const mapOpen = tshark(sspPcap, ['-Y', `tcap.otid == ${tids.map!.match(/../g)!.join(':')}`, '-T', 'fields', '-e', 'gsm_map.dialogue.destinationReference', '-e', 'gsm_old.localValue']);
    assert.match(mapOpen, /^9194710000\t71/m, 'MAP-OpenInfo and the ATI opcode decoded');

    const x2 = rows(join(dir, 'ssp2.pcap')).filter((r) => r['m3ua.message_class'] === '1');
    const xb = x2.find((r) => r['tcap.otid'] === tids.x)!;
    assert.equal(xb['sccp.message_type'], '0x11', 'XUDT');
    assert.ok(x2.some((r) => r['sccp.message_type'] === '0x09'), 'UDT from the other side');
    const reassembled = x2.find((r) => r['tcap.otid'] === tids.big)!;
    assert.ok(reassembled, 'tshark reassembled the segmented Begin');
    assert.equal(reassembled['tcap.application_context_name'], '0.4.0.0.1.0.50.1');
    assert.equal(x2.filter((r) => r['sccp.message_type'] === '0x11').length >= 4, true, 'three segments and a plain XUDT');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// What a peer's ERR, NTFY and DUNA/DAVA do to a run over SUA, as over M3UA (peer-reports.test.ts): an ERR that
// carries our whole CLDT ends only the dialogue of its TCAP transaction id; an ERR 26 ("no configured AS for ASP")
// with the 40 octets RFC 3868 asks for (naming no dialogue) ends every waiting one; NTFY AS-PENDING ends them; a
// subsystem's DUNA ends the dialogues to it and refuses new ones until DAVA; ListTests shows the last of each. The
// SG is a raw SUA peer (no stack of ours); the ERRs it sends are checked by tshark.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, runToCompletion } from '../../../helpers/service.js';
import type { RunningService } from '../../../../core/service.js';
import type { RawPeer } from '../raw-peer.js';
import { serviceBehindRawSuaSg, waitingRun as run, type ServiceBehindRawSg } from '../raw-sg.js';
import { encodeSua, type SuaMessage } from '../../../../plugins/sigtran/sua/codec.js';
import { ClType, MgmtType, SsnmType, SuaClass } from '../../../../plugins/sigtran/sua/constants.js';
import { headOtid } from '../../../../plugins/sigtran/tcap/codec.js';
import { PcapWriter } from '../../../../sdk/index.js';
import { needsTool, tsharkRead } from '../../../helpers/tools.js';

const RC = 7;
const isCldt = (m: SuaMessage) => m.cls === SuaClass.CL && m.type === ClType.CLDT;
const SG = '127\\.0\\.0\\.1:\\d+';

describe("SUA: a peer's ERR, NTFY and DUNA end the instances of the traffic they concern", () => {
  let svc: RunningService;
  let sg: ServiceBehindRawSg<SuaMessage>;
  let peer: RawPeer<SuaMessage>;
  const dir = mkdtempSync(join(tmpdir(), 'sua-reports-'));
  /** The ERRs the SG sent and their diagnostics, for tshark. */
  const errs: Array<{ bytes: Uint8Array; diagnostic: Uint8Array }> = [];
  let cldtsSeen = 0;

  before(async () => {
    sg = await serviceBehindRawSuaSg(RC);
    ({ svc, peer } = sg);
  });
  after(async () => {
    await sg.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function reports(): Promise<Record<string, { text: string; endedDialogues?: number }>> {
    const list = await call(svc.port, 'ListTests', {});
    const gw = (list.result.gateways as Array<{ name: string; detail: Record<string, unknown> }>).find((g) => g.name === 'SIG')!;
    return gw.detail.peerReports as Record<string, { text: string; endedDialogues?: number }>;
  }

  /** The next CLDT the service sends (after those already taken). */
  async function nextCldt(): Promise<{ raw: Uint8Array; m: SuaMessage }> {
    const n = ++cldtsSeen;
    return peer.next((m) => isCldt(m) && peer.received.filter((x) => isCldt(x.m)).length >= n, 10_000);
  }

  function sendErr(errorCode: number, diagnostic: Uint8Array): void {
    const err = encodeSua(SuaClass.MGMT, MgmtType.ERR, { errorCode, routingContexts: [RC], diagnostic });
    errs.push({ bytes: err, diagnostic });
    peer.send(err);
  }

  test('an ERR with our whole CLDT ends its dialogue only; ERR 26 with 40 octets ends the rest, naming the error', async () => {
    const done = runToCompletion(svc.port, run('err', 2), { timeoutMs: 15_000 });
    const [first, second] = [await nextCldt(), await nextCldt()];
    assert.notEqual(headOtid(first.m.data!), headOtid(second.m.data!), 'two dialogues');
    sendErr(0x11, first.raw); // invalid parameter value, about that one CLDT
    for (let i = 0; i < 200 && !(await reports())?.ERR; i++) await new Promise((r) => setTimeout(r, 10));
    const one = (await reports()).ERR!;
    assert.match(one.text, new RegExp(`^SUA ERR 17 \\(invalid parameter value\\) from the SG ${SG} \\(routing context 7\\)$`));
    assert.equal(one.endedDialogues, 1, 'only the dialogue of its transaction id');
    sendErr(0x1a, second.raw.subarray(0, 40));
    // the run's deadline (15 s) is well under the TCAP timeout (60 s): only the ERRs can end the instances in time
    const r = await done;
    assert.equal(r.counts.aborted, 2, JSON.stringify(r));
    const aborts = JSON.stringify(r.first_aborts);
    assert.match(aborts, /SUA ERR 17 \(invalid parameter value\) from the SG/);
    assert.match(aborts, new RegExp(`SUA ERR 26 \\(no configured AS for ASP\\) from the SG ${SG}`));
    assert.equal((await reports()).ERR!.endedDialogues, 1, 'ERR 26 found the one left');
  });

  test('NTFY AS-PENDING for our AS ends the waiting instance', async () => {
    const done = runToCompletion(svc.port, run('ntfy'), { timeoutMs: 15_000 });
    await nextCldt();
    peer.send(encodeSua(SuaClass.MGMT, MgmtType.NTFY, { status: { type: 1, info: 4 }, routingContexts: [RC] }));
    const r = await done;
    assert.equal(r.counts.aborted, 1, JSON.stringify(r));
    assert.match(JSON.stringify(r.first_aborts), new RegExp(`SUA NTFY AS-PENDING from the SG ${SG}: our AS has no active ASP there`));
    assert.equal((await reports()).NTFY!.endedDialogues, 1);
  });

  test("a subsystem's DUNA ends the dialogues to it and refuses new ones; DAVA: accepted again", async () => {
    const waiting = runToCompletion(svc.port, run('duna'), { timeoutMs: 15_000 });
    await nextCldt();
    peer.send(encodeSua(SuaClass.SSNM, SsnmType.DUNA, { routingContexts: [RC], affected: [{ mask: 0, pc: 2 }], ssn: 146 }));
    const ended = await waiting;
    assert.equal(ended.counts.aborted, 1, JSON.stringify(ended));
    assert.match(JSON.stringify(ended.first_aborts), new RegExp(`SUA DUNA from ${SG} for point code\\(s\\) 2 subsystem 146: destination unavailable`));
    assert.equal((await reports()).SSNM!.endedDialogues, 1);

    const refused = await runToCompletion(svc.port, run('refused'), { timeoutMs: 15_000 });
    assert.equal(refused.counts.passed, 0, JSON.stringify(refused));
    assert.match(JSON.stringify(refused.first_aborts ?? refused), /destination point code 2 subsystem 146 is unavailable \(DUNA from 127\.0\.0\.1:\d+\)/);

    peer.send(encodeSua(SuaClass.SSNM, SsnmType.DAVA, { routingContexts: [RC], affected: [{ mask: 0, pc: 2 }], ssn: 146 }));
    for (let i = 0; i < 200 && !(await reports()).SSNM!.text.includes('DAVA'); i++) await new Promise((r) => setTimeout(r, 10));
    assert.match((await reports()).SSNM!.text, new RegExp(`^SUA DAVA from ${SG} for point code\\(s\\) 2 subsystem 146$`));
    const accepted = runToCompletion(svc.port, run('dava'), { timeoutMs: 15_000 });
    const cldt = await nextCldt(); // the InitialDP goes out again
    sendErr(0x1a, cldt.raw.subarray(0, 40));
    assert.equal((await accepted).counts.aborted, 1);
  });

  test('the ERRs as tshark reads them: class MGMT, type ERR, the codes, our CLDT as diagnostic', needsTool('tshark', 'apt-get install tshark'), async () => {
    assert.ok(errs.length >= 2, 'the ERR test ran first');
    const file = join(dir, 'err.pcap');
    const w = new PcapWriter(file);
    for (const { bytes } of errs) w.write({ dissector: 'sua', bytes });
    w.close();
    const problems = await tsharkRead(file, ['-Y', '_ws.expert || _ws.malformed || !sua']);
    assert.equal(problems.trim(), '', problems);
    const out = await tsharkRead(file, ['-T', 'fields', '-E', 'separator=|', '-e', 'sua.message_class', '-e', 'sua.message_type', '-e', 'sua.error_code', '-e', 'sua.routing_context', '-e', 'sua.diagnostic_information']);
    const rows = out.trim().split('\n').map((l) => l.split('|').map((v) => v.replace(/:/g, '')));
    assert.deepEqual(rows.slice(0, 2).map((r) => [r[0], r[1], Number(r[2]), r[3]]), [['0', '0', 17, '7'], ['0', '0', 26, '7']], out);
    assert.equal(rows[0]![4], Buffer.from(errs[0]!.diagnostic).toString('hex'), 'the whole CLDT');
    assert.equal(rows[1]![4], Buffer.from(errs[1]!.diagnostic).toString('hex'), 'its first 40 octets');
    assert.equal(errs[1]!.diagnostic.length, 40);
  });
});

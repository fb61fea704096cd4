// What a peer's ERR, NTFY and DUNA/DAVA do to a run: an SG that answers our DATA with ERR 26 ("no configured AS for
// ASP", osmo-stp's answer to an ASP it routes nothing for) ends the waiting instance at once naming the error, not
// at its TCAP timeout with "nothing received"; a DUNA ends the dialogues to that point code and refuses new ones
// until DAVA; ListTests shows the last of each. The SG is a raw M3UA peer (no stack of ours); the ERR it sends is
// checked by tshark.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToCompletion, call } from '../../../helpers/service.js';
import type { RunningService } from '../../../../core/service.js';
import type { RawPeer } from '../raw-peer.js';
import { serviceBehindRawSg, waitingRun as run, type ServiceBehindRawSg } from '../raw-sg.js';
import { encodeM3ua, type M3uaMessage } from '../../../../plugins/sigtran/m3ua/codec.js';
import { M3uaClass, MgmtType, SsnmType } from '../../../../plugins/sigtran/m3ua/constants.js';
import { PcapWriter } from '../../../../sdk/index.js';
import { needsTool, tsharkRead } from '../../../helpers/tools.js';

const RC = 7;
const isData = (m: M3uaMessage) => m.cls === M3uaClass.TRANSFER && m.type === 1;
const ERR_26 = /M3UA ERR 26 \(no configured AS for ASP\) from the SG 127\.0\.0\.1:\d+/;

describe("a peer's ERR, NTFY and DUNA end the instances of the traffic they concern", () => {
  let svc: RunningService;
  let sg: ServiceBehindRawSg;
  let peer: RawPeer;
  const dir = mkdtempSync(join(tmpdir(), 'peer-reports-'));
  /** The ERR the SG sent, for tshark. */
  let errSent: Uint8Array | undefined;

  before(async () => {
    sg = await serviceBehindRawSg(RC);
    ({ svc, peer } = sg);
  });
  after(async () => {
    await sg.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function detail(): Promise<Record<string, unknown>> {
    const list = await call(svc.port, 'ListTests', {});
    const gw = (list.result.gateways as Array<{ name: string; detail: Record<string, unknown> }>).find((g) => g.name === 'SIG')!;
    return gw.detail;
  }

  test('ERR 26 for our DATA (its first 40 octets as diagnostic, as osmo-stp sends it): the instance aborts naming it', async () => {
    void (async () => {
      const data = await peer.next(isData, 10_000);
      errSent = encodeM3ua(M3uaClass.MGMT, MgmtType.ERR, { errorCode: 0x1a, diagnostic: data.raw.subarray(0, 40) });
      peer.send(errSent);
    })();
    // the run's deadline (15 s) is well under the TCAP timeout (60 s): only the ERR can end the instance in time
    const r = await runToCompletion(svc.port, run('err-26'), { timeoutMs: 15_000 });
    assert.equal(r.counts.aborted, 1, JSON.stringify(r));
    assert.match(JSON.stringify(r.first_aborts), ERR_26);
    const d = await detail();
    const reports = d.peerReports as Record<string, { text: string; endedDialogues?: number }>;
    assert.match(reports.ERR!.text, ERR_26);
    assert.equal(reports.ERR!.endedDialogues, 1);

  });

  test('DUNA for the DPC: refused with the reason; DAVA: accepted again; ListTests shows the last DUNA/DAVA', async () => {
    peer.send(encodeM3ua(M3uaClass.SSNM, SsnmType.DUNA, { routingContexts: [RC], affected: [{ mask: 0, pc: 2 }] }));
    for (let i = 0; i < 200 && !(await detail()).unavailable; i++) await new Promise((r) => setTimeout(r, 10));
    const refused = await runToCompletion(svc.port, run('duna'), { timeoutMs: 15_000 });
    assert.equal(refused.counts.passed, 0, JSON.stringify(refused));
    assert.match(JSON.stringify(refused.first_aborts ?? refused), /destination point code 2 is unavailable \(DUNA from 127\.0\.0\.1:\d+\)/);
    const duna = (await detail()).peerReports as Record<string, { text: string }>;
    assert.match(duna.SSNM!.text, /M3UA DUNA from 127\.0\.0\.1:\d+ for point code\(s\) 2/);

    peer.send(encodeM3ua(M3uaClass.SSNM, SsnmType.DAVA, { routingContexts: [RC], affected: [{ mask: 0, pc: 2 }] }));
    for (let i = 0; i < 200 && (await detail()).unavailable; i++) await new Promise((r) => setTimeout(r, 10));
    const sent = peer.received.filter((x) => isData(x.m)).length;
    const accepted = runToCompletion(svc.port, run('dava'), { timeoutMs: 15_000 });
    // the InitialDP goes out again; the SG then reports the DPC unavailable while the instance waits: it ends at once
    await peer.next((m) => isData(m) && peer.received.filter((x) => isData(x.m)).length > sent, 10_000);
    peer.send(encodeM3ua(M3uaClass.SSNM, SsnmType.DUNA, { routingContexts: [RC], affected: [{ mask: 0, pc: 2 }] }));
    const r = await accepted;
    assert.equal(r.counts.aborted, 1, JSON.stringify(r));
    assert.match(JSON.stringify(r.first_aborts), /M3UA DUNA from 127\.0\.0\.1:\d+ for point code\(s\) 2: destination unavailable/);
    const last = (await detail()).peerReports as Record<string, { text: string; endedDialogues?: number }>;
    assert.equal(last.SSNM!.endedDialogues, 1);
  });

  test('the ERR as tshark reads it: class MGMT, type ERR, code 26, the DATA head as diagnostic', needsTool('tshark', 'apt-get install tshark'), async () => {
    assert.ok(errSent, 'the ERR test ran first');
    const file = join(dir, 'err.pcap');
    const w = new PcapWriter(file);
    w.write({ dissector: 'm3ua', bytes: errSent });
    w.close();
    const out = await tsharkRead(file, ['-T', 'fields', '-E', 'separator=|', '-e', 'm3ua.message_class', '-e', 'm3ua.message_type', '-e', 'm3ua.error_code', '-e', 'm3ua.diagnostic_information', '-e', '_ws.malformed']);
    const [cls, type, code, diag, malformed] = out.trim().split('|');
    assert.deepEqual([cls, type, Number(code)], ['0', '0', 26], out);
    assert.equal(diag!.replace(/:/g, '').length, 80, `40 octets of diagnostic: ${diag}`);
    assert.equal(malformed, '', 'not malformed');
  });
});

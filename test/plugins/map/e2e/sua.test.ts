// MAP over SUA between two processes, as a user runs them: `tester serve` with the sigtran instance of
// examples/map/plugins.json on `adaptation: "sua"` (an ASP, routing context 7) and `tester hlr-sim --adaptation sua`
// (the SGP) with examples/map/hlr-sim.json. Over TCP: AnyTimeInterrogation and SendRoutingInfo (a result and an
// error) pass with the answers decoded, ListTests shows the adaptation, and the service's capture decodes in tshark
// as SUA CLDTs carrying TCAP and GSM MAP, with no malformed packet or expert item. Over SCTP (userland backend, in a
// network namespace, test/fixtures/sctp/sua-scenarios.ts `map`): the ATI, captured live on lo.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rpcCall } from '../../../../cli/rpc-client.js';
import { runWhenUp } from '../../../helpers/service.js';
import { needsTool, tsharkRead } from '../../../helpers/tools.js';
import { needsUserlandSctp, runInNetns } from '../../../helpers/netns.js';
import { killAll, root, stop, tester, work } from '../../../fixtures/sctp/processes.js';

after(() => killAll());

const load = (f: string) => JSON.parse(readFileSync(join(root, 'examples/map', f), 'utf8'));
const FIELDS = ['sua.message_class', 'sua.message_type', 'sua.routing_context', 'sua.destination.ssn', 'sua.source.ssn', 'tcap.otid', 'tcap.dtid', 'gsm_old.localValue', 'gsm_map.ms.vlr_number', 'gsm_map.ms.assumedIdle_element', 'e212.imsi'] as const;

test('tester serve ↔ tester hlr-sim over SUA/TCP: ATI and SRI answered and decoded, the capture decoded by tshark down to MAP', needsTool('tshark', 'apt-get install tshark'), async () => {
  const sim = await tester(['hlr-sim', '--adaptation', 'sua', '--rc', '7', '--listen', '127.0.0.1:0', '--script', join(root, 'examples/map/hlr-sim.json'), '--config', join(root, 'examples/map/plugins.json')], /hlr-sim listening on \S+:(\d+)/);
  const cfg = load('plugins.json');
  const pcap = join(work, 'map-sua.pcap');
  Object.assign(cfg.find((e: { name: string }) => e.name === 'sigtran').options.instances[0], { port: Number(sim.m[1]), adaptation: 'sua', routingContext: 7, reconnectMinMs: 100, pcap });
  writeFileSync(join(work, 'plugins-map-sua.json'), JSON.stringify(cfg));
  const svc = await tester(['serve', '--port', '0', '--config', join(work, 'plugins-map-sua.json'), '--data-dir', join(work, 'data')], /listening \S+:(\d+)/);
  const port = Number(svc.m[1]);

  const ati = await runWhenUp(port, { ...load('ati.json'), run_id: 'ati-sua' }, { timeoutMs: 30_000 });
  assert.equal(ati.counts.passed, 1, JSON.stringify([ati.first_aborts, ati.first_fails]));
  const answer = ati.first_call.messages.find((m: { direction: string }) => m.direction === 'received');
  assert.equal(answer.name, 'AnyTimeInterrogationResult');
  const info = answer.fields.subscriberInfo;
  assert.deepEqual([info.subscriberState, info.locationInformation['vlr-number_digits'], info.locationInformation.cellGlobalIdOrServiceAreaIdOrLAI.cellGlobalIdOrServiceAreaIdFixedLength_ci], [{ assumedIdle: 1 }, '491720000', 43981]);
  assert.equal(answer.fields.tcap_message, 'end');
  const sri = await runWhenUp(port, { ...load('sri.json'), run_id: 'sri-sua' }, { timeoutMs: 30_000 });
  assert.equal(sri.counts.passed, 1, JSON.stringify([sri.first_aborts, sri.first_fails]));
  const list = await rpcCall({ port }, 'ListTests', {});
  const gw = (list.result as { gateways: Array<{ kind: string; state: string; detail: Record<string, unknown> }> }).gateways.find((g) => g.kind === 'sigtran')!;
  assert.deepEqual([gw.state, gw.detail.adaptation, gw.detail.asp], ['up', 'sua', 'active']);
  await stop(svc.child);
  await stop(sim.child);

  const problems = await tsharkRead(pcap, ['-Y', '_ws.expert || _ws.malformed || !sua']);
  assert.equal(problems.trim(), '', `tshark: malformed, expert items or not SUA:\n${problems}`);
  const out = await tsharkRead(pcap, ['-Y', 'sua.message_class == 7', '-T', 'fields', '-E', 'separator=|', '-E', 'occurrence=a', '-E', 'aggregator=,', ...FIELDS.flatMap((f) => ['-e', f])]);
  const rows = out.trim().split('\n').map((l) => Object.fromEntries(l.split('|').map((v, i) => [FIELDS[i]!, v.replace(/:/g, '')])));
  assert.equal(rows.length, 6, 'ATI, its result; SRI, its result; SRI, its error: ' + out);
  const col = (f: (typeof FIELDS)[number]) => rows.map((r) => r[f]);
  assert.deepEqual(new Set(col('sua.message_type').concat(col('sua.routing_context'))), new Set(['1', '7']), 'CLDTs of routing context 7');
  // out to the HLR's SSN 6 from ours (147), back the other way; each answer ends the dialogue its invoke began
  assert.deepEqual(col('sua.destination.ssn'), ['6', '147', '6', '147', '6', '147']);
  assert.deepEqual(col('sua.source.ssn'), ['147', '6', '147', '6', '147', '6']);
  for (const i of [0, 2, 4]) assert.ok(rows[i]!['tcap.otid'] && rows[i]!['tcap.otid'] === rows[i + 1]!['tcap.dtid'], `answer ${i + 1} to its Begin`);
  // operation codes: ATI (71), SRI (22) twice; the second SRI answered with error 27 (absentSubscriber)
  assert.deepEqual(col('gsm_old.localValue'), ['71', '71', '22', '22', '22', '27']);
  assert.deepEqual([rows[1]!['gsm_map.ms.vlr_number'], rows[1]!['gsm_map.ms.assumedIdle_element']], ['9194710200f0', '1'], 'the ATI result');
  assert.equal(rows[3]!['e212.imsi'], '262011000000002', 'the SRI result');
});

test('the ATI over SUA/SCTP (userland backend, in a network namespace), captured live: PPID 4, SUA → GSM MAP', { ...needsUserlandSctp(), ...needsTool('tshark', 'apt-get install tshark') }, async () => {
  const r = await runInNetns('test/fixtures/sctp/sua-scenarios.ts', ['map'], { timeoutMs: 120_000 });
  assert.ok(r.result, `no result (exit ${r.code}): ${r.stderr.slice(-3000)}`);
  assert.equal(r.result.error, undefined, r.result.error);
  const { counts, gateway, chunks, problems } = r.result;
  assert.equal(counts.passed, 1, JSON.stringify(r.result.firstAborts));
  assert.deepEqual([gateway.detail.adaptation, gateway.detail.transport], ['sua', 'sctp-client']);
  // an SCTP retransmission on a starved machine is SCTP's expert note, not SUA's or MAP's: anything else fails
  assert.deepEqual(problems.filter((l: string) => !l.endsWith('(retransmission)')), [], 'no malformed packet or expert item');
  // one record per DATA chunk (a packet may bundle several)
  const cl = (chunks as Array<Record<string, string>>).filter((c) => c['sua.message_class'] === '7');
  assert.ok(cl.every((c) => c['sctp.data_payload_proto_id'] === '4'), 'PPID 4 (SUA)');
  assert.deepEqual(cl.map((c) => [c['sua.message_type'], c['sua.routing_context'], c['gsm_old.localValue']]), [['1', '7', '71'], ['1', '7', '71']], 'the ATI out, its result back, in CLDTs');
  assert.equal(cl[1]!['gsm_map.ms.vlr_number']!.replace(/:/g, ''), '9194710200f0');
});

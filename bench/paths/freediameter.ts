// The diameter-freediameter path: Gy/Ro credit-control sessions (CCR-Initial, then CCR-Termination, each answer
// checked) from the service's server-mode Diameter peer to Debian's freeDiameterd as the OCS, which connects to it
// over TCP on loopback and answers through our extension (bench/freediameter/). The peer's CPU is freeDiameterd's
// one process: its receiver, routing and dispatch threads and the extension all run in it.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rpcCall } from '../../cli/rpc-client.js';
import { startFreeDiameter, type FreeDiameter } from '../freediameter/peer.js';
import { envNodeFlags, freePort, start, stoppers, untilEnded } from '../processes.js';
import type { BenchPath, PathSetup } from './path.js';

const TESTER = 'tester.localdomain';
const OCS = 'ocs.localdomain';
/**
 * freeDiameter's dispatch threads (AppServThreads, default 4), where the extension answers. The routing in and out
 * and the peer's receiver and sender are one thread each in 1.2 (no setting), so on 2 cores more dispatch threads
 * only add hand-offs. Measured on the 2-core machine (20,000 instances at backlog 800, twice each): 1 thread 25 and
 * 38 µs of freeDiameter per message, 2 threads 25 and 19, 4 threads 35 and 39; 2 also gave the highest rates.
 */
const APP_SERV_THREADS = 2;

const subscription = { name: 'Subscription-Id', value: { 'Subscription-Id-Type': 'END_USER_E164', 'Subscription-Id-Data': '{ $v.msisdn }' } };

/** CCR-I as examples/diameter/ccr-session.json sends it: MSCC asking 60 s for rating group 100, IMS Service-Information. */
const ccrInitial = {
  type: 'diameter.Request',
  arguments: {
    name: 'CCR',
    avps: [
      { name: 'Session-Id_auto' },
      { name: 'Service-Context-Id', value: '32260@3gpp.org' },
      { name: 'CC-Request-Type', value: 'INITIAL_REQUEST' },
      { name: 'CC-Request-Number', value: 0 },
      { name: 'Event-Timestamp', value: 'now' },
      subscription,
      { name: 'Multiple-Services-Indicator', value: 'MULTIPLE_SERVICES_SUPPORTED' },
      { name: 'Multiple-Services-Credit-Control', value: { 'Requested-Service-Unit': { 'CC-Time': 60 }, 'Rating-Group': 100 } },
      { name: 'Service-Information', value: { 'IMS-Information': {
        'Role-Of-Node': 'ORIGINATING_ROLE', 'Node-Functionality': 'AS', 'Calling-Party-Address': "{ 'tel:+' + $v.msisdn }", 'Called-Party-Address': 'tel:+31201234567',
      } } },
    ],
    answer: { 'Result-Code': 'DIAMETER_SUCCESS', 'CC-Request-Type': 'INITIAL_REQUEST', 'CC-Request-Number': 0 },
  },
};

/** CCR-T on the session the CCA-I named, reporting 42 s used. */
const ccrTermination = {
  type: 'diameter.Request',
  arguments: {
    name: 'CCR',
    avps: [
      { name: 'Session-Id', value: "{ $i.CCA['Session-Id'] }" },
      { name: 'Service-Context-Id', value: '32260@3gpp.org' },
      { name: 'CC-Request-Type', value: 'TERMINATION_REQUEST' },
      { name: 'CC-Request-Number', value: 1 },
      subscription,
      { name: 'Multiple-Services-Credit-Control', value: { 'Used-Service-Unit': { 'CC-Time': 42 }, 'Rating-Group': 100 } },
      { name: 'Termination-Cause', value: 'DIAMETER_LOGOUT' },
    ],
    answer: { 'Result-Code': 'DIAMETER_SUCCESS', 'CC-Request-Type': 'TERMINATION_REQUEST', 'CC-Request-Number': 1 },
  },
};

const definition = { vars: { msisdn: "{ '3161' + pad($n, 7) }" }, operations: [ccrInitial, ccrTermination] };

/** The service's plugins.json: one server-mode peer on `port` that accepts freeDiameter only. */
function pluginsConfig(port: number): unknown {
  return [
    { name: 'logic', enabled: true },
    { name: 'diameter', enabled: true, options: { instances: [{
      name: 'OCS', mode: 'server', host: '127.0.0.1', port, origin_host: TESTER, origin_realm: 'localdomain', peer_origin_host: OCS,
      applications: ['credit-control'], watchdog_ms: 30_000,
    }] } },
  ];
}

/** One-instance runs until one passes: freeDiameter has connected (CER/CEA) and answers (within about 10 s). */
async function probe(port: number, fd: FreeDiameter): Promise<void> {
  for (let i = 0; ; i++) {
    const r = await rpcCall({ port }, 'ExecuteTest', { run_id: `probe-${i}`, ...definition });
    // 2003: the peer is not connected yet (the run is refused)
    if (r.error && r.error.code !== 2003) throw new Error(`probe: ${r.error.message}`);
    const rec = r.error ? undefined : await untilEnded(port, `probe-${i}`, 50);
    if (rec?.counts.passed === 1) return;
    if (i > 100 || !fd.pid()) throw new Error(`freeDiameterd did not answer: ${r.error?.message ?? JSON.stringify([...rec!.first_fails, ...rec!.first_aborts])}\n${fd.log()}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

async function stopChild(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null) return;
  const exited = new Promise<void>((r) => c.once('exit', () => r()));
  c.kill('SIGTERM');
  const t = setTimeout(() => c.kill('SIGKILL'), 2000);
  await exited;
  clearTimeout(t);
}

async function setup(work: string): Promise<PathSetup> {
  const diameterPort = await freePort();
  const config = join(work, 'plugins-diameter-freediameter.json');
  writeFileSync(config, JSON.stringify(pluginsConfig(diameterPort)));
  const flags = envNodeFlags('TESTER_SERVICE_NODE_FLAGS');
  const svc = await start('service diameter-freediameter', ['serve', '--port', '0', '--config', config, '--data-dir', join(work, 'data'), '--quiet', '--max-runs', '4'], /listening \S+:(\d+)/, flags);
  const port = Number(svc.m[1]);
  const fdDir = join(work, 'freediameter');
  mkdirSync(fdDir, { recursive: true });
  let fd: FreeDiameter | undefined;
  try {
    fd = startFreeDiameter({ connectTo: { host: '127.0.0.1', port: diameterPort }, peerIdentity: TESTER, identity: OCS, appServThreads: APP_SERV_THREADS, quiet: true, twTimer: 30, dir: fdDir });
    stoppers.add(fd.stop); // an interrupted bench stops it too
    await probe(port, fd);
  } catch (e) {
    await fd?.stop();
    await stopChild(svc.child);
    throw e;
  }
  const peer = fd;
  return {
    port,
    service: { name: 'service', pid: svc.child.pid! },
    peers: [{ name: 'freeDiameterd', pid: peer.pid()! }],
    definition,
    async stop() {
      stoppers.delete(peer.stop);
      await peer.stop();
      await stopChild(svc.child);
      for (const p of [config, join(work, 'data'), fdDir]) rmSync(p, { recursive: true, force: true });
    },
  };
}

export const freeDiameterPath: BenchPath = {
  id: 'diameter-freediameter',
  title: 'Diameter CCR-I → CCR-T (Gy/Ro) over TCP against freeDiameterd 1.2 with an answering extension',
  messagesPerInstance: 4,
  setup,
};

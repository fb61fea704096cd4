// Test harness: build our answering extension (test/fixtures/diameter/tester_ocs.c) and run freeDiameterd as the
// real peer. Connect-out mode: freeDiameterd opens no listening socket (Port = 0) and connects to the tester's
// server-mode peer on 127.0.0.1, so nothing binds 0.0.0.0 and no network namespace is needed. The 3GPP
// dictionary is loaded too, so freeDiameter checks our Ro/Gy AVPs (Service-Information, ...) as well.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createServer, connect as connectUnix } from 'node:net';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const fixtureSource = resolve(here, '../../fixtures/diameter/tester_ocs.c');
const EXT = '/usr/lib/freeDiameter';

export interface FreeDiameter {
  dir: string;
  identity: string;
  log(): string;
  /** SIGTERM, then SIGKILL after 8 s. */
  stop(): Promise<void>;
  /** Start again with the same configuration (after stop). */
  restart(): void;
  /** Remove the work directory (after stop). */
  cleanup(): void;
}

export interface FreeDiameterOptions {
  /** Where the tester's server-mode peer listens. */
  connectTo: { host: string; port: number };
  /** The tester's Origin-Host (freeDiameter only accepts the declared peer). */
  peerIdentity: string;
  identity?: string;
  realm?: string;
  /** freeDiameter's watchdog (s, >= 6) and reconnection timer (s). */
  twTimer?: number;
  tcTimer?: number;
  /** Another extension to load instead of the answering one (its C source), with its configuration string. */
  extension?: { source: string; conf: string };
}

/** Compile the extension (ours by default) into `dir` (gcc, libfreediameter-dev). */
export function buildExtension(dir: string, source = fixtureSource): string {
  const out = join(dir, `${source.replace(/^.*\//, '').replace(/\.c$/, '')}.fdx`);
  execFileSync('gcc', ['-shared', '-fPIC', '-O2', '-o', out, source, '-lfdcore', '-lfdproto'], { stdio: 'pipe' });
  return out;
}

export function startFreeDiameter(o: FreeDiameterOptions): FreeDiameter {
  const dir = mkdtempSync(join(tmpdir(), 'fd-'));
  const ext = buildExtension(dir, o.extension?.source);
  const identity = o.identity ?? 'ocs.localdomain';
  const conf = join(dir, 'fd.conf');
  writeFileSync(conf, [
    `Identity = "${identity}";`,
    `Realm = "${o.realm ?? 'localdomain'}";`,
    'Port = 0;',
    'SecPort = 0;',
    'No_SCTP;',
    'No_IPv6;',
    `TwTimer = ${o.twTimer ?? 6};`,
    `TcTimer = ${o.tcTimer ?? 1};`,
    `ConnectPeer = "${o.peerIdentity}" { ConnectTo = "${o.connectTo.host}"; Port = ${o.connectTo.port}; No_TLS; };`,
    `LoadExtension = "${EXT}/dict_nasreq.fdx";`,
    `LoadExtension = "${EXT}/dict_dcca.fdx";`,
    `LoadExtension = "${EXT}/dict_dcca_3gpp.fdx";`,
    `LoadExtension = "${ext}"${o.extension ? ` : "${o.extension.conf}"` : ''};`,
    '',
  ].join('\n'));
  const logPath = join(dir, 'fd.log');
  let child: ChildProcess | undefined;
  const launch = () => {
    const out = openSync(logPath, 'a');
    child = spawn('freeDiameterd', ['-c', conf], { stdio: ['ignore', out, out] });
    closeSync(out);
  };
  launch();
  return {
    dir,
    identity,
    log: () => readFileSync(logPath, 'utf8'),
    async stop() {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise<void>((r) => c.once('exit', () => r()));
      c.kill('SIGTERM');
      const t = setTimeout(() => c.kill('SIGKILL'), 8000);
      await exited;
      clearTimeout(t);
    },
    restart() {
      if (child && child.exitCode === null) throw new Error('freeDiameterd is still running');
      launch();
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}


export interface ListeningFreeDiameter {
  /** 127.0.0.1 port that reaches freeDiameter's 198.18.0.1:3868 inside its namespace. */
  port: number;
  log(): string;
  /** Stop freeDiameterd (the loopback port stays: connections to it are dropped until restart). */
  kill(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
  cleanup(): void;
}

/**
 * freeDiameterd as a TCP server (it binds 0.0.0.0, so it runs in a private network namespace). The tester's
 * client-mode peer reaches it through a loopback TCP port of this process, relayed over a Unix socket into the
 * namespace (test/fixtures/diameter/netns-peer.mjs). The Diameter bytes are not touched.
 */
export async function startListeningFreeDiameter(o: { peerRealm?: string; identity?: string } = {}): Promise<ListeningFreeDiameter> {
  const dir = mkdtempSync(join(tmpdir(), 'fd-srv-'));
  const ext = buildExtension(dir);
  const acl = join(dir, 'acl_wl.conf');
  writeFileSync(acl, `ALLOW_IPSEC *.${o.peerRealm ?? 'localdomain'}\n`);
  const conf = join(dir, 'fd.conf');
  writeFileSync(conf, [
    `Identity = "${o.identity ?? 'ocs.localdomain'}";`, 'Realm = "localdomain";', 'Port = 3868;', 'SecPort = 0;', 'No_SCTP;', 'No_IPv6;',
    'ListenOn = "198.18.0.1";', 'TcTimer = 1;',
    `LoadExtension = "${EXT}/dict_nasreq.fdx";`, `LoadExtension = "${EXT}/dict_dcca.fdx";`, `LoadExtension = "${EXT}/dict_dcca_3gpp.fdx";`,
    `LoadExtension = "${ext}";`, `LoadExtension = "${EXT}/acl_wl.fdx" : "${acl}";`, '',
  ].join('\n'));
  const sock = join(dir, 'fd.sock');
  const logPath = join(dir, 'fd.log');
  let child: ChildProcess | undefined;
  const launch = async () => {
    const c = spawn('unshare', ['-n', process.execPath, resolve(here, '../../fixtures/diameter/netns-peer.mjs'), conf, sock, logPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    let stderr = '';
    c.stderr!.on('data', (d) => (stderr += d));
    await new Promise<void>((ok, fail) => {
      const t = setTimeout(() => fail(new Error(`netns freeDiameter did not start: ${stderr}`)), 60000);
      c.stdout!.on('data', (d) => {
        if (String(d).includes('ready')) {
          clearTimeout(t);
          ok();
        }
      });
      c.once('exit', (code) => {
        clearTimeout(t);
        fail(new Error(`netns freeDiameter exited (${code}): ${stderr}`));
      });
    });
  };
  await launch();
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    c.kill('SIGTERM');
    await exited;
  };
  const bridge = createServer((a) => {
    const b = connectUnix(sock);
    a.pipe(b);
    b.pipe(a);
    a.on('error', () => b.destroy());
    b.on('error', () => a.destroy());
    a.on('close', () => b.destroy());
    b.on('close', () => a.destroy());
  });
  const port = await new Promise<number>((ok) => bridge.listen(0, '127.0.0.1', () => ok((bridge.address() as { port: number }).port)));
  return {
    port,
    log: () => readFileSync(logPath, 'utf8'),
    kill,
    restart: launch,
    async stop() {
      bridge.close();
      await kill();
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// freeDiameterd 1.2 (Debian) as a real Diameter peer, for the bench's diameter-freediameter path and the interop
// tests: build an extension (ours answers every CCR: tester_ocs.c beside this file), write fd.conf, run the daemon.
// Connect-out mode: freeDiameterd opens no listening socket (Port = 0) and connects to the tester's server-mode peer
// on 127.0.0.1, so nothing binds 0.0.0.0 and no network namespace is needed. The 3GPP dictionary is loaded too, so
// freeDiameter checks our Ro/Gy AVPs (Service-Information, ...) as well. Every freeDiameter thread (the peer's
// receiver and sender, routing, the dispatch threads that run the extension) lives in this one process.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The answering extension (an OCS granting what is asked). */
const answeringExtension = join(import.meta.dirname, 'tester_ocs.c');
/** Where Debian installs freeDiameter's dictionary extensions. */
export const EXTENSIONS = '/usr/lib/freeDiameter';

export interface FreeDiameter {
  dir: string;
  identity: string;
  /** The daemon's pid while it runs (its threads are all in that process). */
  pid(): number | undefined;
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
  /** Dispatch threads, which run the extension's callbacks (AppServThreads; freeDiameter's default is 4). */
  appServThreads?: number;
  /** Log errors only (freeDiameterd -qq): nothing is written per message at any level, this drops the notices. */
  quiet?: boolean;
  /** Another extension to load instead of the answering one (its C source), with its configuration string. */
  extension?: { source: string; conf: string };
  /** The work directory (default: a fresh one under the system's temporary directory). */
  dir?: string;
}

/** Compile an extension (ours by default) into `dir` (gcc, libfreediameter-dev). */
export function buildExtension(dir: string, source = answeringExtension): string {
  const out = join(dir, `${source.replace(/^.*\//, '').replace(/\.c$/, '')}.fdx`);
  execFileSync('gcc', ['-shared', '-fPIC', '-O2', '-o', out, source, '-lfdcore', '-lfdproto'], { stdio: 'pipe' });
  return out;
}

/** fd.conf for connect-out mode with the credit-control dictionaries and the extension built at `ext`. */
export function fdConf(o: FreeDiameterOptions, identity: string, ext: string): string {
  return [
    `Identity = "${identity}";`,
    `Realm = "${o.realm ?? 'localdomain'}";`,
    'Port = 0;',
    'SecPort = 0;',
    'No_SCTP;',
    'No_IPv6;',
    `TwTimer = ${o.twTimer ?? 6};`,
    `TcTimer = ${o.tcTimer ?? 1};`,
    ...(o.appServThreads ? [`AppServThreads = ${o.appServThreads};`] : []),
    `ConnectPeer = "${o.peerIdentity}" { ConnectTo = "${o.connectTo.host}"; Port = ${o.connectTo.port}; No_TLS; };`,
    `LoadExtension = "${EXTENSIONS}/dict_nasreq.fdx";`,
    `LoadExtension = "${EXTENSIONS}/dict_dcca.fdx";`,
    `LoadExtension = "${EXTENSIONS}/dict_dcca_3gpp.fdx";`,
    `LoadExtension = "${ext}"${o.extension ? ` : "${o.extension.conf}"` : ''};`,
    '',
  ].join('\n');
}

/** Build the extension, write fd.conf and start freeDiameterd (it connects to `connectTo` on its own, every TcTimer). */
export function startFreeDiameter(o: FreeDiameterOptions): FreeDiameter {
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'fd-'));
  const identity = o.identity ?? 'ocs.localdomain';
  const conf = join(dir, 'fd.conf');
  writeFileSync(conf, fdConf(o, identity, buildExtension(dir, o.extension?.source)));
  const logPath = join(dir, 'fd.log');
  let child: ChildProcess | undefined;
  const launch = () => {
    const out = openSync(logPath, 'a');
    const c = spawn('freeDiameterd', ['-c', conf, ...(o.quiet ? ['-q', '-q'] : [])], { stdio: ['ignore', out, out] });
    // not installed (ENOENT): into the log, which the caller shows when the peer never connects
    c.once('error', (e) => appendFileSync(logPath, `freeDiameterd: ${e.message}\n`));
    child = c;
    closeSync(out);
  };
  launch();
  return {
    dir,
    identity,
    pid: () => (child && child.exitCode === null && child.pid ? child.pid : undefined),
    log: () => readFileSync(logPath, 'utf8'),
    async stop() {
      const c = child;
      child = undefined;
      if (!c?.pid || c.exitCode !== null) return;
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

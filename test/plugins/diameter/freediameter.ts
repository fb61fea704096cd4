// Test harness: freeDiameterd as a TCP server in a network namespace, for the tester's client-mode peer. The
// connect-out daemon (freeDiameterd connecting to the tester's server-mode peer) and the extension build are shared
// with the bench: bench/freediameter/peer.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createServer, connect as connectUnix } from 'node:net';
import { fileURLToPath } from 'node:url';
import { EXTENSIONS as EXT, buildExtension } from '../../../bench/freediameter/peer.js';

const here = dirname(fileURLToPath(import.meta.url));

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

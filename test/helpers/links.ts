// Two network namespaces joined by two veth links, for multi-homing tests: side a has 10.1.1.1 (va1) and 10.1.2.1
// (va2), side b 10.1.1.2 (vb1) and 10.1.2.2 (vb2), strict reverse-path filtering (rp_filter=1) on both sides, as on
// separate A/B signalling LANs. Each namespace is held by a shell started with `unshare -n` that ends with this
// process; nothing is named in /run/netns, so when the holders end (close(), or within a second of the test
// process's death) both namespaces and their links vanish.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseResult } from './netns.js';

const root = resolve(import.meta.dirname, '../..');

export type Side = 'a' | 'b';

export interface TwoLinks {
  /** Run a command in a side's namespace (throws on failure). */
  exec(side: Side, cmd: string[]): string;
  /** `node --import tsx <script> ...args` in a side's namespace. */
  node(side: Side, script: string, args: string[], env?: Record<string, string>): ChildProcess;
  close(): void;
}

/** The address of side `side` on link `link` (1 or 2). */
export const linkAddress = (side: Side, link: 1 | 2): string => `10.1.${link}.${side === 'a' ? 1 : 2}`;

/** A process in a new network namespace that lives as long as this one (then the namespace goes with it). */
function holder(): ChildProcess {
  return spawn('unshare', ['-n', 'sh', '-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`], { stdio: 'ignore' });
}

/** Wait until the holder runs in its own namespace (unshare has switched before exec'ing sleep). */
async function ready(p: ChildProcess): Promise<number> {
  const ours = readlinkSync('/proc/self/ns/net');
  for (let i = 0; i < 200; i++) {
    try {
      if (p.pid && readlinkSync(`/proc/${p.pid}/ns/net`) !== ours) return p.pid;
    } catch {
      // not started yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the namespace holder did not start');
}

export async function makeTwoLinks(): Promise<TwoLinks> {
  const holders = { a: holder(), b: holder() };
  const pid = { a: await ready(holders.a), b: await ready(holders.b) };
  const exec = (side: Side, cmd: string[]) => execFileSync('nsenter', ['-t', String(pid[side]), '-n', ...cmd], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const links: TwoLinks = {
    exec,
    node: (side, script, args, env) =>
      spawn('nsenter', ['-t', String(pid[side]), '-n', process.execPath, '--import', 'tsx', resolve(root, script), ...args], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
      }),
    close: () => {
      holders.a.kill('SIGKILL');
      holders.b.kill('SIGKILL');
    },
  };
  try {
    for (const link of [1, 2] as const) {
      execFileSync('ip', ['link', 'add', `va${link}`, 'netns', String(pid.a), 'type', 'veth', 'peer', 'name', `vb${link}`, 'netns', String(pid.b)]);
    }
    for (const side of ['a', 'b'] as const) {
      exec(side, ['ip', 'link', 'set', 'lo', 'up']);
      for (const link of [1, 2] as const) {
        exec(side, ['ip', 'addr', 'add', `${linkAddress(side, link)}/24`, 'dev', `v${side}${link}`]);
        exec(side, ['ip', 'link', 'set', `v${side}${link}`, 'up']);
      }
      // (procfs rather than sysctl(8): procps need not be installed; /proc/sys/net is the namespace's own)
      const conf = ['all', 'default', `v${side}1`, `v${side}2`].map((c) => `/proc/sys/net/ipv4/conf/${c}/rp_filter`);
      exec(side, ['sh', '-c', `for f in ${conf.join(' ')}; do echo 1 > $f; done`]);
    }
  } catch (e) {
    links.close();
    throw e;
  }
  return links;
}

/** Can this process make the two namespaces (root, unshare, nsenter, ip with veth)? */
export function canMakeLinks(): boolean {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v nsenter && command -v unshare && command -v ip'], { stdio: 'ignore' }).status === 0;
}

/** Collect a child's output; resolve with it (and its RESULT line) when it exits or after `timeoutMs`. */
export function outcome(p: ChildProcess, timeoutMs: number, onLine?: (line: string) => void): Promise<{ code: number | null; stdout: string; stderr: string; result: any }> {
  let stdout = '';
  let stderr = '';
  p.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (onLine) for (const l of d.toString().split('\n')) if (l) onLine(l);
  });
  p.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
  return new Promise((done) =>
    p.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, result: parseResult(stdout) });
    }),
  );
}

// A real Linux kernel with SCTP for the kernel backend's tests: User-Mode Linux (Debian `user-mode-linux`, a 6.1
// kernel built to run as a plain process: no KVM, no image, about 2 s to boot). Its root file system is this
// machine's own (hostfs), so Node, the checkout, node_modules, the built addons and Debian's tools run inside it
// unchanged. PID 1 is a shell script written here: it mounts proc, sys, a devtmpfs and a tmpfs for scratch files,
// makes the kernel load its modules from the UML package (`modprobe -d`; sctp needs hmac, else listen() fails
// with ENOSYS), brings lo up (and eth0 on a tap link, when asked), runs one shell command in the project folder,
// prints its exit status and halts. The guest's console is the UML process's standard output.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inCi, optionalSkip } from './skips.js';

const root = resolve(import.meta.dirname, '../..');
const MODULES = '/usr/lib/uml/modules';
/** The guest's address on a tap link (the host side is GUEST_TAP_HOST). */
export const GUEST_TAP_ADDR = '192.0.2.2';
export const GUEST_TAP_HOST = '192.0.2.1';

/** What this machine lacks to boot the guest, each with what installs it (empty: all there). */
export function umlMissing(): string[] {
  const missing: string[] = [];
  const onPath = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
  if (!onPath('linux') || !existsSync(MODULES) || readdirSync(MODULES).length === 0) missing.push('User-Mode Linux (apt-get install user-mode-linux)');
  if (!existsSync('/usr/sbin/modprobe')) missing.push('modprobe (apt-get install kmod)');
  if (!onPath('ip')) missing.push('ip (apt-get install iproute2)');
  if (!existsSync(join(root, 'native/sctp/build/Release/sctp_kernel.node'))) missing.push('the kernel SCTP addon (apt-get install libsctp-dev; npm run build:native)');
  if (process.getuid?.() !== 0) missing.push('root (the guest mounts and loads modules as root of the host file system)');
  return missing;
}

/**
 * node:test options for a test that boots the guest: a skip with what is missing outside CI, none in CI; where
 * everything is there but this host's CPU is one UML cannot run a guest process on (umlHostLimit), a skip CI
 * accepts, naming why.
 */
export function needsUml(): { skip?: string } {
  const missing = umlMissing();
  if (missing.length === 0) {
    const limit = umlHostLimit();
    return limit ? { skip: optionalSkip(limit) } : {};
  }
  if (inCi()) return {};
  return { skip: `the User-Mode Linux guest needs: ${missing.join('; ')} (.ci/setup.d/sctp.sh installs them)` };
}

/**
 * What UML 6.1 (Debian bookworm's user-mode-linux) prints when it cannot set a guest process's FP registers: it asks
 * ptrace for the host's XSAVE state in a buffer of a fixed size, and the host kernel refuses (EFAULT) a buffer
 * smaller than its own XSAVE area, which CPUs with AMX make larger (~11 KB). The guest's init is killed at once and
 * the kernel panics: no test of the guest can run on such a host (later UML kernels size the buffer from the CPU).
 */
const FP_REGS_REFUSED = /ptrace set fp regs failed, errno = 14/;
let hostLimit: string | undefined | null = null;

/** Why UML cannot run a guest process on this host's CPU (probed once, by booting a guest that runs `true`), or undefined. */
export function umlHostLimit(): string | undefined {
  if (hostLimit !== null) return hostLimit;
  const dir = mkdtempSync(join(tmpdir(), 'uml-probe-'));
  try {
    const init = writeInit(dir, 'true', {});
    const r = spawnSync('linux', kernelArgs(init, 256), { cwd: dir, env: { ...process.env, TMPDIR: dir }, timeout: 120_000, encoding: 'utf8' });
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    hostLimit = FP_REGS_REFUSED.test(output)
      ? "this host's CPU: User-Mode Linux 6.1 cannot set a guest process's FP registers here (\"ptrace set fp regs failed, errno = 14\": the CPU's XSAVE area, with AMX, is larger than UML 6.1's buffer), so no guest boots; the kernel SCTP suites need a host without AMX or a later UML"
      : undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return hostLimit;
}

export interface UmlOptions {
  /** Environment of the guest command, besides PATH, HOME, TMPDIR and CI (passed through). */
  env?: Record<string, string>;
  /** Killed after this long (default 10 min). */
  timeoutMs?: number;
  /** A tap device of the host (in the caller's network namespace) for the guest's eth0, GUEST_TAP_ADDR/24. */
  tap?: string;
  /** The guest's memory (default 1536 MB). */
  memMb?: number;
  /** Each console line as it arrives (to follow the guest: markers the host side waits for). */
  onLine?: (line: string) => void;
  /** Kills the guest when aborted (a host side that failed half-way). */
  signal?: AbortSignal;
}

export interface UmlRun {
  /** The console: what the guest command printed (and the few lines the kernel prints with `quiet`). */
  output: string;
  /** The guest command's exit status (its GUEST-RC line); undefined when it never ended. */
  rc?: number;
  /** ms from starting UML to the guest's init being ready to run the command (modules loaded, lo up). */
  bootMs?: number;
  /** ms from start to the end of the UML process. */
  ms: number;
  timedOut: boolean;
}

const READY = 'UML-READY';
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** PID 1 of the guest, and the modprobe the kernel calls for modules it wants (the UML package's tree). */
function writeInit(dir: string, command: string, opts: UmlOptions): string {
  const kver = readdirSync(MODULES)[0]!;
  mkdirSync(join(dir, 'modroot/lib'), { recursive: true });
  symlinkSync(MODULES, join(dir, 'modroot/lib/modules'));
  mkdirSync(join(dir, 'tmp'));
  writeFileSync(join(dir, 'modprobe'), `#!/bin/sh\nexec /usr/sbin/modprobe -d ${dir}/modroot -S ${kver} "$@"\n`);
  const env = { PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin', HOME: join(dir, 'tmp'), TMPDIR: join(dir, 'tmp'), ...(process.env.CI ? { CI: process.env.CI } : {}), ...opts.env };
  const init = [
    '#!/bin/sh',
    'mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev 2>/dev/null',
    // scratch files in the guest's memory: hostfs is slow, and the host's /tmp is not the guest's to fill
    `mount -t tmpfs tmp ${dir}/tmp`,
    // the guest's own /run (ip netns keeps its namespaces there), not the host's
    'mount -t tmpfs run /run',
    `chmod +x ${dir}/modprobe; echo ${dir}/modprobe > /proc/sys/kernel/modprobe`,
    `for m in sctp hmac md5 sha1 sha256 veth; do ${dir}/modprobe -q $m || echo "init: modprobe $m failed"; done`,
    'ip link set lo up',
    ...(opts.tap ? [`ip addr add ${GUEST_TAP_ADDR}/24 dev eth0 && ip link set eth0 up || echo "init: no eth0"`] : []),
    ...Object.entries(env).map(([k, v]) => `export ${k}=${quote(v)}`),
    `cd ${quote(root)}`,
    `echo ${READY}`,
    `sh -c ${quote(command)}`,
    'echo GUEST-RC=$?',
    '/usr/sbin/halt -f 2>/dev/null || echo o > /proc/sysrq-trigger',
  ];
  writeFileSync(join(dir, 'init'), init.join('\n') + '\n');
  chmodSync(join(dir, 'init'), 0o755);
  return join(dir, 'init');
}

/** The guest kernel's command line: this machine's root over hostfs, `init` as PID 1, eth0 on `tap` when given. */
function kernelArgs(init: string, memMb: number, tap?: string): string[] {
  return [`mem=${memMb}M`, 'rootfstype=hostfs', 'rootflags=/', 'rw', `init=${init}`, 'quiet', ...(tap ? [`eth0=tuntap,${tap}`] : [])];
}

/** Boot the guest, run `command` (sh) in the project folder, resolve when it halts or is killed at the limit. */
export function bootUml(command: string, opts: UmlOptions = {}): Promise<UmlRun> {
  const dir = mkdtempSync(join(tmpdir(), 'uml-'));
  const init = writeInit(dir, command, opts);
  const args = kernelArgs(init, opts.memMb ?? 1536, opts.tap);
  const t0 = Date.now();
  return new Promise((done) => {
    // UML keeps its memory in a file under TMPDIR; its own folder keeps it apart from the guest's scratch files
    const uml = spawn('linux', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: dir } });
    let output = '';
    let partial = '';
    let bootMs: number | undefined;
    const onData = (d: Buffer) => {
      const text = d.toString().replace(/\r/g, '');
      output += text;
      const lines = (partial + text).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        if (bootMs === undefined && line === READY) bootMs = Date.now() - t0;
        opts.onLine?.(line);
      }
    };
    uml.stdout.on('data', onData);
    uml.stderr.on('data', onData);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      uml.kill('SIGKILL');
    }, opts.timeoutMs ?? 600_000);
    const kill = () => uml.kill('SIGKILL');
    opts.signal?.addEventListener('abort', kill);
    const finish = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
      rmSync(dir, { recursive: true, force: true });
      const rc = /^GUEST-RC=(\d+)$/m.exec(output);
      done({ output, rc: rc ? Number(rc[1]) : undefined, bootMs, ms: Date.now() - t0, timedOut });
    };
    uml.once('error', (e) => {
      output += `\numl: ${e.message}`;
      finish();
    });
    uml.once('close', finish);
  });
}

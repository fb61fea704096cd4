// Tests that send raw IP (the userland SCTP backend) or capture on lo run their scenario in a private network
// namespace (`unshare -n`, lo up): nothing leaves it, and tests running at the same time on the machine neither
// see nor disturb each other's SCTP packets. A scenario is a TypeScript module run there by Node; it prints one
// `RESULT <json>` line, which runInNetns() returns for the test to assert on.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inCi, optionalSkip } from './skips.js';

const root = resolve(import.meta.dirname, '../..');

let netnsOk: boolean | undefined;
/** Can this process create a network namespace with raw sockets in it (root, or CAP_SYS_ADMIN + CAP_NET_RAW)? */
export function canUseNetns(): boolean {
  netnsOk ??= spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' }).status === 0;
  return netnsOk;
}

/** Is the native SCTP addon of this backend built (scripts/build-native.mjs)? */
export function sctpBuilt(backend: 'userland' | 'kernel'): boolean {
  return existsSync(join(root, 'native/sctp/build/Release', `sctp_${backend}.node`));
}

let kernelSctp: boolean | undefined;
/** Does this host's kernel open SCTP sockets (its `sctp` module loaded, or loaded on demand for root)? */
export function hasKernelSctp(): boolean {
  kernelSctp ??= spawnSync('python3', ['-c', 'import socket; socket.socket(socket.AF_INET, socket.SOCK_STREAM, 132)'], { stdio: 'ignore' }).status === 0;
  return kernelSctp;
}

/**
 * node:test options for a test of the kernel backend's start-up error on a host without kernel SCTP. On a host with
 * kernel SCTP the error cannot happen: a skip that CI accepts. A kernel addon that is not built is a skip outside CI;
 * in CI (which builds it) the test runs and fails.
 */
export function needsKernelAddonWithoutKernelSctp(): { skip?: string } {
  if (hasKernelSctp()) return { skip: optionalSkip('this host has kernel SCTP, so the kernel backend runs here and its "cannot run here" error cannot happen') };
  if (!sctpBuilt('kernel') && !inCi()) return { skip: 'the kernel SCTP addon is not built (apt-get install libsctp-dev; npm run build:native; bash .ci/run does both)' };
  return {};
}

/**
 * node:test options for a test that needs a network namespace and the userland SCTP addon: a skip with the reason
 * outside CI; in CI (CI=true) none, so the test runs and fails loudly on what is missing.
 */
export function needsUserlandSctp(): { skip?: string } {
  if (inCi()) return {};
  if (!canUseNetns()) return { skip: 'needs root for `unshare -n` and raw IP sockets (bash .ci/run runs as root)' };
  if (!sctpBuilt('userland')) return { skip: 'the userland SCTP addon is not built (apt-get install libusrsctp-dev; npm run build:native; bash .ci/run does both)' };
  return {};
}

/**
 * The SCTP backend that the backend-parametric suites (test/sdk/net/sctp/userland.test.ts, the sigtran and diameter
 * SCTP e2e tests) and their scenarios use: userland here (this machine's kernel has no SCTP), kernel when
 * TESTER_SCTP_BACKEND=kernel, which the User-Mode Linux guest of test/plugins/sigtran/e2e/sctp-kernel.long.test.ts sets.
 */
export function sctpBackendUnderTest(): 'userland' | 'kernel' {
  return process.env.TESTER_SCTP_BACKEND === 'kernel' ? 'kernel' : 'userland';
}

/** node:test options for a test of the backend under test: needsUserlandSctp(), or for kernel its addon and SCTP. */
export function needsSctpBackend(): { skip?: string } {
  if (sctpBackendUnderTest() === 'userland') return needsUserlandSctp();
  if (inCi()) return {};
  if (!hasKernelSctp()) return { skip: 'TESTER_SCTP_BACKEND=kernel on a host without kernel SCTP (the UML guest has it)' };
  if (!sctpBuilt('kernel')) return { skip: 'the kernel SCTP addon is not built (apt-get install libsctp-dev; npm run build:native)' };
  return {};
}

/**
 * Does a capture on lo carry real SCTP checksums? Not with the kernel backend: Linux leaves the CRC32c of lo's packets
 * to a checksum offload (tx-checksum-sctp, fixed on) that never computes it. The kernel's CRC32c is checked on the
 * tap link of the interop test instead (test/plugins/sigtran/e2e/sctp-interop.long.test.ts).
 */
export function loopbackHasCrc(): boolean {
  return sctpBackendUnderTest() === 'userland';
}

export interface NetnsRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The scenario's RESULT line, parsed. */
  result: any;
}

/**
 * Run `node --import tsx <script> ...args` inside a fresh network namespace with lo up (and `setup` shell lines run
 * first, e.g. extra addresses). Resolves when it exits or is killed after `timeoutMs`.
 */
export function runInNetns(script: string, args: string[] = [], opts: { timeoutMs?: number; setup?: string[]; env?: Record<string, string> } = {}): Promise<NetnsRun> {
  const shell = ['set -e', 'ip link set lo up', ...(opts.setup ?? []), `exec "${process.execPath}" --import tsx "$@"`].join('\n');
  return new Promise((resolveRun) => {
    const child = spawn('unshare', ['-n', 'bash', '-c', shell, 'netns', resolve(root, script), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...opts.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveRun({ code, stdout, stderr, result: parseResult(stdout) });
    });
  });
}

/** The last `RESULT <json>` line of a scenario's output, parsed (undefined when there is none or it is cut off). */
export function parseResult(output: string): any {
  const line = output.split('\n').reverse().find((l) => l.startsWith('RESULT '));
  try {
    return line ? JSON.parse(line.slice(7)) : undefined;
  } catch {
    return undefined;
  }
}

/** For scenario scripts: print the result line (and exit). */
export function report(result: unknown): void {
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

// Long tier: the kernel SCTP backend (lksctp through native/sctp's sctp_kernel addon) for real, inside a small Linux
// VM under qemu, since this machine's kernel has no SCTP (test/fixtures/sctp/vm/). Debian's kernel boots with a
// busybox initramfs, mounts this machine's root read-only and runs guest.sh: two network namespaces joined by two
// veth pairs (two paths), `tester scp-sim`'s engine as the SGP (sctp-server) in one and the tester service (ASP,
// sctp-client) in the other, both with backend "kernel", multi-homed on two addresses each. One call passes; then
// the first path's link goes down, SCTP reports that peer address unreachable, and a second call passes on the
// other path. Where the VM cannot be built or booted the test is skipped with the reason; in CI (CI=true), which
// has the tools (.ci/setup.d/sctp.sh) and the network for the kernel package, each of these is a failure instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { bootVm, buildImage, imageDir, missingTools } from '../../../fixtures/sctp/vm/vm.js';
import { skipOutsideCi } from '../../../helpers/skips.js';

const root = resolve(import.meta.dirname, '../../../..');
/** The VM's share of CI time: booting, two Node processes under software emulation, the calls. */
const VM_LIMIT_MS = 10 * 60_000;

test('kernel SCTP backend in a VM: one association, one call, multi-homing on two addresses, a path failure', { timeout: VM_LIMIT_MS + 12 * 60_000 }, async (t) => {
  const missing = missingTools();
  if (missing.length) {
    skipOutsideCi(t, `the kernel-backend VM needs: ${missing.join('; ')} (.ci/setup.d/sctp.sh installs them)`);
    return;
  }
  const dir = imageDir();
  const notBuilt = buildImage(dir);
  if (notBuilt) {
    skipOutsideCi(t, notBuilt);
    return;
  }
  const vm = await bootVm(dir, join(root, 'test/fixtures/sctp/vm/guest.sh'), VM_LIMIT_MS);
  const tail = vm.console.split('\n').slice(-40).join('\n');
  if (!vm.started) {
    skipOutsideCi(t, `the VM did not boot to its guest command under ${vm.accel}${vm.fallback ? ` (${vm.fallback})` : ''} ${vm.timedOut ? `within ${VM_LIMIT_MS / 1000} s` : `(qemu exited after ${Math.round(vm.ms / 1000)} s)`}: ${tail.slice(-600)}`);
    return;
  }
  t.diagnostic(`VM ran ${Math.round(vm.ms / 1000)} s under ${vm.accel} (${vm.timedOut ? 'killed at the time limit' : 'powered off'}); console: ${vm.consoleFile}`);
  if (vm.fallback) t.diagnostic(`software emulation: ${vm.fallback}`);
  assert.ok(vm.result, `no RESULT line from the guest${vm.timedOut ? ` within ${VM_LIMIT_MS / 1000} s` : ''}; console (${vm.consoleFile}):\n${tail}`);
  const r = vm.result;
  assert.equal(r.error, undefined, `${r.error}\nconsole:\n${tail}`);
  assert.match(r.kernel, /^\d+\.\d+/, 'the guest kernel');

  // one association on the kernel backend, both sides multi-homed: two local and two peer addresses
  const before = r.before;
  assert.equal(before.backend, 'kernel');
  assert.equal(before.association.backend, 'kernel');
  assert.equal(before.association.state, 'established');
  assert.deepEqual([...before.association.local].sort(), ['198.18.1.1:' + port(before.association.local[0]), '198.18.2.1:' + port(before.association.local[0])].sort());
  assert.deepEqual([...before.association.remote].sort(), ['198.18.1.2:2905', '198.18.2.2:2905']);
  assert.deepEqual(before.association.paths.map((p: { address: string }) => p.address).sort(), ['198.18.1.2', '198.18.2.2']);
  for (const p of before.association.paths) assert.equal(p.state, 'active', `path ${p.address} before the failure`);
  assert.ok(before.association.events.some((e: { kind: string }) => e.kind === 'comm-up'), 'COMM_UP seen');

  // one call over it
  assert.deepEqual(r.first, { started: 1, finished: 1, passed: 1, failed: 0, aborted: 0, cancelled: 0, dropped: 0 });

  // the path failure: the link of 198.18.1.x went down; SCTP's heartbeats marked that peer address unreachable
  const unreachable = r.unreachable.association;
  assert.ok(unreachable.events.some((e: { kind: string; address?: string; state?: string }) => e.kind === 'path' && e.address === '198.18.1.2' && e.state === 'unreachable'), `no unreachable event for 198.18.1.2: ${JSON.stringify(unreachable.events)}`);
  const failed = unreachable.paths.find((p: { address: string }) => p.address === '198.18.1.2');
  assert.notEqual(failed.state, 'active', 'the failed path is not active');

  // the association survived on the other path, and a second call passes over it
  assert.deepEqual(r.second, { started: 1, finished: 1, passed: 1, failed: 0, aborted: 0, cancelled: 0, dropped: 0 }, JSON.stringify(r.secondAborts));
  assert.equal(r.after.association.state, 'established');
  assert.ok(!r.after.association.events.some((e: { kind: string }) => e.kind === 'comm-lost'), 'the association was never lost');
  assert.equal(r.after.association.paths.find((p: { address: string }) => p.address === '198.18.2.2').state, 'active');
});

function port(addr: string): string {
  return addr.slice(addr.lastIndexOf(':') + 1);
}

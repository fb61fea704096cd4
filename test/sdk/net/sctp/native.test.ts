// Backend selection: what is available here, and the readable errors of what is not (naming what to install or
// allow). This machine (and CI) has no kernel SCTP; on a host with it, the kernel backend loads instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { chooseBackend, kernelSctpLoaded, loadBackend, SctpUnavailableError, sourceAddressWarning } from '../../../../sdk/net/sctp/native.js';
import { hasKernelSctp, needsKernelAddonWithoutKernelSctp, needsUserlandSctp, runInNetns, sctpBuilt } from '../../../helpers/netns.js';
import { inCi } from '../../../helpers/skips.js';

const kernelSctp = hasKernelSctp();

test('the kernel backend on a host without kernel SCTP: an error that says to load the module or use userland', needsKernelAddonWithoutKernelSctp(), () => {
  assert.throws(() => loadBackend('kernel'), (e: unknown) => {
    assert.ok(e instanceof SctpUnavailableError);
    assert.equal(e.backend, 'kernel');
    assert.match(e.message, /^SCTP kernel backend cannot run here: the kernel offers no SCTP socket .*Protocol not supported \(EPROTONOSUPPORT\); load the kernel module \(modprobe sctp; in a container the host loads it\), or use backend "userland"$/);
    return true;
  });
  // the same error again, without trying twice
  assert.throws(() => loadBackend('kernel'), /cannot run here/);
});

test('auto says which backend it chose and why (in a network namespace: the userland stack opens raw sockets)', needsUserlandSctp(), async () => {
  const r = await runInNetns('test/fixtures/sctp/sdk-scenarios.ts', ['choose']);
  assert.equal(r.result?.error, undefined, r.result?.error ?? r.stderr);
  if (kernelSctp) assert.equal(r.result.backend, 'kernel');
  else {
    assert.equal(r.result.backend, 'userland');
    assert.match(r.result.note, /^SCTP backend userland \(auto; SCTP kernel backend (cannot run here|is not built).*; the kernel has no SCTP loaded\)$/);
  }
});

test('auto never takes userland beside a kernel that has SCTP loaded (the kernel would ABORT its packets): it says what to do', () => {
  assert.equal(kernelSctpLoaded(), kernelSctp, '/proc/net/sctp is there exactly when the kernel offers SCTP sockets');
  let kernelWorks = true;
  try {
    loadBackend('kernel');
  } catch {
    kernelWorks = false;
  }
  if (kernelWorks) {
    assert.equal(chooseBackend('auto', () => true).note, 'SCTP backend kernel (auto)');
    return;
  }
  // here the kernel backend cannot run: with the module (as a probe says) loaded, auto refuses the userland one
  assert.throws(() => chooseBackend('auto', () => true), (e: unknown) => {
    assert.ok(e instanceof SctpUnavailableError);
    assert.equal(e.backend, 'auto');
    assert.match(e.message, /^the kernel has SCTP loaded \(\/proc\/net\/sctp\), so the userland backend would have its packets answered with ABORT .*Build the kernel backend \(apt-get install libsctp-dev; npm run build:native\), or unload the kernel's sctp module and set backend "userland"$/);
    return true;
  });
});

test("the userland addon corrects each packet's IPv4 source address (its sendmsg interposer is in libusrsctp's GOT)", sctpBuilt('userland') || inCi() ? {} : { skip: 'the userland SCTP addon is not built' }, () => {
  // loading is enough: the interposer is installed when the addon loads, before usrsctp starts
  const addon = createRequire(import.meta.url)(resolve(import.meta.dirname, '../../../../native/sctp/build/Release/sctp_userland.node')) as { sourceAddressProblem?: string };
  assert.equal(addon.sourceAddressProblem, undefined);
});

test('a userland addon that cannot correct source addresses says so, with why, in the note of every association', () => {
  assert.equal(sourceAddressWarning(undefined), undefined);
  assert.match(sourceAddressWarning('libusrsctp does not call sendmsg through its GOT')!, /^multi-homed associations may send a path's packets with another path's source address, .*rp_filter=1.* \(libusrsctp does not call sendmsg through its GOT\)$/);
});

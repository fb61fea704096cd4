// Backend selection: what is available here, and the readable errors of what is not (naming what to install or
// allow). This machine (and CI) has no kernel SCTP; on a host with it, the kernel backend loads instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadBackend, SctpUnavailableError } from '../../../../sdk/net/sctp/native.js';
import { hasKernelSctp, needsKernelAddonWithoutKernelSctp, needsUserlandSctp, runInNetns } from '../../../helpers/netns.js';

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
    assert.match(r.result.note, /^SCTP backend userland \(auto; SCTP kernel backend (cannot run here|is not built)/);
  }
});

// Backend selection: what is available here, and the readable errors of what is not (naming what to install or
// allow). This machine (and CI) has no kernel SCTP; on a host with it, the kernel backend loads instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { loadBackend, SctpUnavailableError } from '../../../../sdk/net/sctp/native.js';
import { needsUserlandSctp, runInNetns, sctpBuilt } from '../../../helpers/netns.js';

const kernelSctp = spawnSync('python3', ['-c', 'import socket; socket.socket(socket.AF_INET, socket.SOCK_STREAM, 132)'], { stdio: 'ignore' }).status === 0;

test('the kernel backend on a host without kernel SCTP: an error that says to load the module or use userland', { skip: kernelSctp ? 'this host has kernel SCTP' : !sctpBuilt('kernel') ? 'the kernel addon is not built' : undefined }, () => {
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

// The sctp-client / sctp-server transports of a sigtran instance: configuration, and the start-up error when the
// chosen backend cannot run here. (The association itself: test/plugins/sigtran/e2e/sctp*.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeInstance } from '../../../../plugins/sigtran/gateway/config.js';
import { SigtranGatewayImpl } from '../../../../plugins/sigtran/gateway/instance.js';
import { needsKernelAddonWithoutKernelSctp } from '../../../helpers/netns.js';

test('sctp-client and sctp-server take the tcp defaults and their sctp options (backend auto unless given)', () => {
  const c = normalizeInstance({ name: 'A', transport: 'sctp-client' });
  assert.deepEqual([c.host, c.port, c.sctp], ['127.0.0.1', 2905, { backend: 'auto' }]);
  const s = normalizeInstance({ name: 'B', transport: 'sctp-server', localPort: 0, sctp: { backend: 'userland', localAddresses: ['127.0.0.2'], outStreams: 33 } });
  assert.deepEqual([s.localHost, s.localPort, s.sctp], ['127.0.0.1', 0, { backend: 'userland', localAddresses: ['127.0.0.2'], outStreams: 33 }]);
});

test('sctp options on another transport, or names where addresses are needed, are refused naming the instance', () => {
  assert.throws(() => normalizeInstance({ name: 'T', transport: 'tcp-client', sctp: { backend: 'kernel' } }), {
    message: "sigtran instance 'T': sctp options need transport sctp-client or sctp-server (it is tcp-client)",
  });
  assert.throws(() => normalizeInstance({ name: 'M', transport: 'sctp-client', sctp: { remoteAddresses: ['stp-b.example'] } }), {
    message: "sigtran instance 'M'.sctp.remoteAddresses[0]: 'stp-b.example' is not an IPv4 or IPv6 address (SCTP binds and connects to addresses, not names)",
  });
});

test('a backend that cannot run here is a start-up error naming what to do, kept as the instance\'s last error', needsKernelAddonWithoutKernelSctp(), async () => {
  const logs: string[] = [];
  const gw = new SigtranGatewayImpl(normalizeInstance({ name: 'K', transport: 'sctp-client', sctp: { backend: 'kernel' } }), (level, text) => logs.push(`${level} ${text}`));
  await assert.rejects(gw.start(), /^Error: sigtran instance 'K': SCTP kernel backend cannot run here: .*\(EPROTONOSUPPORT\); load the kernel module \(modprobe sctp; in a container the host loads it\), or use backend "userland"$/);
  assert.equal(gw.state(), 'down');
  const d = gw.describe() as { lastError: string; sctp: { note: string } };
  assert.match(d.lastError, /SCTP kernel backend cannot run here/);
  assert.match(d.sctp.note, /modprobe sctp/);
  assert.ok(logs.some((l) => l.startsWith('error sigtran instance \'K\': SCTP kernel backend cannot run here')));
  await gw.stop();
});

// What the gateways view reads of ListTests' `detail` (web/src/gateways/transport.ts): sigtran's status and a
// Diameter peer's description, each plugin in its own words, and the SCTP backend and paths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gatewayView } from '../../web/src/gateways/transport.js';

test('a sigtran instance over SCTP: peer, last error, transport and role, the backend and the association paths', () => {
  const v = gatewayView({
    kind: 'sigtran',
    name: 'SIG',
    state: 'connecting',
    default: true,
    detail: {
      peer: '10.0.0.2:2905',
      transport: 'sctp-client',
      role: 'asp',
      since: 1_700_000_000_000,
      lastError: 'ASPUP refused',
      sctp: { backend: 'userland', note: 'auto: no kernel SCTP', association: { state: 'ESTABLISHED', paths: [{ address: '10.0.0.2', state: 'active', srttMs: 1, rtoMs: 200, primary: true }, { address: '10.1.0.2', state: 'unreachable' }, { nope: 1 }] } },
    },
  });
  assert.equal(v.peer, '10.0.0.2:2905');
  assert.equal(v.lastError, 'ASPUP refused');
  assert.equal(v.transport, 'sctp-client');
  assert.equal(v.role, 'asp');
  assert.equal(v.since, 1_700_000_000_000);
  assert.equal(v.reconnects, undefined, 'sigtran reports no reconnect count');
  assert.equal(v.sctp?.backend, 'userland');
  assert.equal(v.sctp?.state, 'ESTABLISHED');
  assert.deepEqual(v.sctp?.paths.map((p) => `${p.address} ${p.state}${p.primary ? ' primary' : ''}`), ['10.0.0.2 active primary', '10.1.0.2 unreachable'], 'a path without an address is left out');
});

test('a Diameter peer: its connection, last_error, reconnects, mode; no detail at all', () => {
  const v = gatewayView({ kind: 'diameter', name: 'OCS', state: 'up', default: true, detail: { mode: 'client', transport: 'tcp', address: '127.0.0.1:3868', connection: '127.0.0.1:3868', reconnects: 3, last_error: 'CER timed out', open_since: '2026-01-02T03:04:05.000Z' } });
  assert.deepEqual([v.peer, v.lastError, v.reconnects, v.role, v.transport, v.sctp], ['127.0.0.1:3868', 'CER timed out', 3, 'client', 'tcp', undefined]);
  assert.equal(v.since, Date.parse('2026-01-02T03:04:05.000Z'));
  assert.deepEqual(gatewayView({ kind: 'db', name: 'pg', state: 'up', default: true }), { peer: undefined, lastError: undefined, reconnects: undefined, transport: undefined, role: undefined, since: undefined, sctp: undefined });
});

// The transport an instance's configuration names (plugins/sigtran/gateway/transports.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeInstance } from '../../../../plugins/sigtran/gateway/config.js';
import { acceptorFor, boundPort, configuredPeer, connectorFor, isServer, listens } from '../../../../plugins/sigtran/gateway/transports.js';
import { MemoryAcceptor, MemoryConnector, TcpAcceptor, TcpConnector } from '../../../../plugins/sigtran/transport/index.js';
import type { SigtranInstanceConfig } from '../../../../plugins/sigtran/api.js';

const cfg = (c: Partial<SigtranInstanceConfig>) => normalizeInstance({ name: 'GW', ...c });
const log = () => undefined;

describe('gateway transports', () => {
  test('servers and the sgp of a memory pair listen; clients and the other memory side connect', () => {
    assert.deepEqual(
      [cfg({ transport: 'tcp-server' }), cfg({ transport: 'sctp-server' }), cfg({ transport: 'memory', role: 'sgp' }), cfg({ transport: 'memory', role: 'asp' }), cfg({ transport: 'tcp-client' })].map((c) => [listens(c), isServer(c)]),
      [[true, true], [true, true], [true, false], [false, false], [false, false]],
    );
    assert.ok(acceptorFor(cfg({ transport: 'tcp-server', localPort: 0 }), log) instanceof TcpAcceptor);
    assert.ok(acceptorFor(cfg({ transport: 'memory', role: 'sgp' }), log) instanceof MemoryAcceptor);
    assert.ok(connectorFor(cfg({ transport: 'tcp-client', host: '10.0.0.5', port: 2905 }), log) instanceof TcpConnector);
    assert.ok(connectorFor(cfg({ transport: 'memory' }), log) instanceof MemoryConnector);
  });

  test('the peer named before an association exists; no bound port without a listening TCP or SCTP acceptor', () => {
    assert.equal(configuredPeer(cfg({ transport: 'tcp-client', host: '10.0.0.5', port: 2905 }), undefined), '10.0.0.5:2905');
    assert.equal(configuredPeer(cfg({ transport: 'tcp-server', localHost: '127.0.0.1', localPort: 2906 }), undefined), 'listening on 127.0.0.1:2906');
    assert.equal(configuredPeer(cfg({ transport: 'memory', memoryChannel: 'ch' }), undefined), 'memory:ch');
    assert.equal(boundPort(undefined), undefined);
    assert.equal(boundPort(new MemoryAcceptor('x')), undefined);
  });
});

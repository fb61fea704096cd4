// The transport an instance's configuration names: an acceptor for the listening side (tcp-server, sctp-server,
// the sgp of a memory pair), a connector for the other, and how its peer is named before an association exists.
import type { SigtranInstanceConfig } from '../api.js';
import type { LogFn } from '../sccp/service.js';
import { MemoryAcceptor, MemoryConnector, SctpAcceptor, SctpConnector, TcpAcceptor, TcpConnector, type Acceptor, type Connector } from '../transport/index.js';

/** Does this instance listen (tcp-server, sctp-server, or the sgp side of a memory pair)? */
export function listens(c: SigtranInstanceConfig): boolean {
  const t = c.transport;
  return t === 'tcp-server' || t === 'sctp-server' || (t === 'memory' && c.role === 'sgp');
}

export function isServer(c: SigtranInstanceConfig): boolean {
  return c.transport === 'tcp-server' || c.transport === 'sctp-server';
}

export function acceptorFor(c: SigtranInstanceConfig, log: LogFn): Acceptor {
  if (c.transport === 'tcp-server') return new TcpAcceptor(c.localHost!, c.localPort!);
  if (c.transport === 'sctp-server') return new SctpAcceptor(c.localHost!, c.localPort!, c.sctp, log);
  return new MemoryAcceptor(c.memoryChannel!);
}

export function connectorFor(c: SigtranInstanceConfig, log: LogFn): Connector {
  if (c.transport === 'tcp-client') return new TcpConnector(c.host!, c.port!, c.localHost, c.localPort);
  if (c.transport === 'sctp-client') return new SctpConnector(c.host!, c.port!, c.sctp, log, c.localHost, c.localPort);
  return new MemoryConnector(c.memoryChannel!);
}

/** The peer of an instance with no association: where it connects to, or where it listens. */
export function configuredPeer(c: SigtranInstanceConfig, acceptor: Acceptor | undefined): string {
  if (c.transport === 'tcp-client' || c.transport === 'sctp-client') return `${c.host}:${c.port}`;
  if (isServer(c)) return `listening on ${acceptor?.address() ?? `${c.localHost}:${c.localPort}`}`;
  return `memory:${c.memoryChannel}`;
}

/** The port a tcp-server or sctp-server acceptor is bound to (useful with localPort 0). */
export function boundPort(acceptor: Acceptor | undefined): number | undefined {
  return acceptor instanceof TcpAcceptor || acceptor instanceof SctpAcceptor ? acceptor.port0() : undefined;
}

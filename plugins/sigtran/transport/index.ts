export type { Association, Connector, Acceptor } from './types.js';
export { TcpConnector, TcpAcceptor } from './tcp.js';
export { MemoryConnector, MemoryAcceptor } from './memory.js';
export { SctpConnector, SctpAcceptor } from './sctp.js';

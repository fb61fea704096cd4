export type { Association, AssociationHandler, Connector, Acceptor } from './types.js';
export { MAX_PDU } from './types.js';
export { TcpConnector, TcpAcceptor } from './tcp.js';
export { MemoryConnector, MemoryAcceptor } from './memory.js';

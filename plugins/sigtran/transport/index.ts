export type { Association, AssociationHandler, Connector, Acceptor } from './types.js';
export { MAX_PDU } from './types.js';
export { TcpConnector, TcpAcceptor } from './tcp.js';
export { MemoryConnector, MemoryAcceptor } from './memory.js';
export { SctpConnector, SctpAcceptor, M3UA_PPID, M3UA_STREAMS } from './sctp.js';

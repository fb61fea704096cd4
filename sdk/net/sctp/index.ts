// SCTP for plugins (sigtran's M3UA, diameter): one interface over two backends, the kernel's (lksctp) and a
// userland stack (usrsctp over raw IP) for hosts without kernel SCTP. docs/plugins/sigtran.md, "SCTP".
export { SctpAssociation, openAssociations, MAX_SEND_QUEUE_BYTES, type SctpAssociationHandler, type SctpAssociationStatus, type SctpCloseKind, type SctpEvent } from './association.js';
export { connectSctp, SctpServer, type SctpConnectOptions, type SctpListenOptions, type SctpEndpointOptions } from './endpoint.js';
export { sctpSchema, checkSctpConfig, socketOptions, MAX_SCTP_ADDRESSES, type SctpConfig } from './options.js';
export { selectBackend, chooseBackend, loadBackend, SctpUnavailableError, type SctpBackendName, type SctpBackendChoice } from './native.js';

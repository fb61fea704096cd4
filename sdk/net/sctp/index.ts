// SCTP for plugins (sigtran's M3UA, diameter): one interface over two backends, the kernel's (lksctp) and a
// userland stack (usrsctp over raw IP) for hosts without kernel SCTP. docs/plugins/sigtran.md, "SCTP".
export { SctpAssociation, openAssociations, type SctpAssociationHandler, type SctpAssociationStatus, type SctpCloseKind, type SctpEvent } from './association.js';
export { connectSctp, SctpServer } from './endpoint.js';
export { sctpSchema, checkSctpConfig, type SctpConfig } from './options.js';
export { chooseBackend, backendPerThread, SctpUnavailableError, type SctpBackendName } from './native.js';

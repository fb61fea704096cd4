// The seam under M3UA: whole messages plus SCTP metadata (stream, PPID). TCP frames by the M3UA header, SCTP
// carries one M3UA message per SCTP message (sctp.ts, over the sdk's kernel or userland SCTP), the in-memory pair
// passes messages as they are.

/** Receives what an association delivers. Set with Association.setHandler(). */
export interface AssociationHandler {
  /** One complete message (for M3UA: one PDU starting with the common header). The bytes may be kept. */
  message(pdu: Uint8Array, stream: number, ppid: number): void;
  /** The association is gone (peer closed, error, or close() called); `reason` is readable. Called once. */
  closed(reason: string): void;
}

export interface Association {
  readonly kind: 'tcp' | 'memory' | 'sctp';
  /** Outbound stream count (1 for TCP and memory). */
  readonly outboundStreams: number;
  /** 'host:port' of the peer (or the memory channel name). */
  readonly remote: string;
  readonly local: string;
  /** Set the receiver. Messages that arrive before it is set are held. */
  setHandler(h: AssociationHandler): void;
  /** Queue a message (never blocks; false when the association is closed). stream/ppid matter for SCTP only. */
  send(pdu: Uint8Array, stream: number, ppid: number): boolean;
  /** Close (graceful); the handler's closed() runs once. */
  close(reason?: string): void;
  readonly isOpen: boolean;
  /** Transport details for status pages (SCTP: backend, state, paths, streams, recent events). */
  details?(): Record<string, unknown>;
}

/** Client side: open one association (rejects with an Error whose message is readable). */
export interface Connector {
  connect(signal?: AbortSignal): Promise<Association>;
  describe(): string;
}

/** Server side: accept associations until closed. */
export interface Acceptor {
  listen(onAssociation: (a: Association) => void): Promise<void>;
  /** Bound address ('127.0.0.1:40123') once listening. */
  address(): string;
  close(): Promise<void>;
  describe(): string;
}

/** Largest M3UA PDU accepted on a stream transport. */
export const MAX_PDU = 1 << 18;

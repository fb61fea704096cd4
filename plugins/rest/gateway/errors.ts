// Readable text for the errors an HTTP request can end with (undici and socket errors carry codes in `code`
// or in `cause.code`).

const CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the server',
  EPIPE: 'connection closed by the server',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  UND_ERR_BODY_TIMEOUT: 'response body stalled',
  UND_ERR_CLOSED: 'client closed',
  UND_ERR_DESTROYED: 'client destroyed',
  HPE_INVALID_CONSTANT: 'the server did not answer with HTTP',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS: the server certificate is self-signed and not trusted (set tls.ca_file, or tls.reject_unauthorized false)',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS: a self-signed certificate in the chain is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS: cannot verify the server certificate',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS: the certificate does not name this host',
  CERT_HAS_EXPIRED: 'TLS: the server certificate has expired',
};

export function describeHttpError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const err = e as Error & { code?: string; cause?: unknown };
  const cause = err.cause as (Error & { code?: string; address?: string; port?: number }) | undefined;
  const code = cause?.code ?? err.code;
  const known = code ? CODES[code] : undefined;
  const detail = cause?.message && cause.message !== err.message ? `${err.message}: ${cause.message}` : err.message;
  if (known) return `${known} (${code})`;
  return code ? `${detail} (${code})` : detail;
}

// TLS options of a client instance in plugins.json (HTTP, SOAP, PostgreSQL, ...), turned into the options Node's
// tls.connect takes. Shared by plugins through the sdk.
import { readFileSync } from 'node:fs';
import type { JsonSchema } from '../types.js';

export interface TlsOptions {
  /** PEM text of the CA certificate(s) to trust, or a path to read it from. */
  ca?: string;
  ca_file?: string;
  /** Client certificate and key (mutual TLS), as PEM text or file paths. */
  cert?: string;
  cert_file?: string;
  key?: string;
  key_file?: string;
  /** Verify the server certificate (default true). false is for lab servers with throwaway certificates. */
  reject_unauthorized?: boolean;
  /** SNI server name and the name the certificate is checked against (default: the host of the URL). */
  servername?: string;
}

export const tlsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ca: { type: 'string' },
    ca_file: { type: 'string' },
    cert: { type: 'string' },
    cert_file: { type: 'string' },
    key: { type: 'string' },
    key_file: { type: 'string' },
    reject_unauthorized: { type: 'boolean' },
    servername: { type: 'string' },
  },
};

export interface ConnectTls {
  ca?: string;
  cert?: string;
  key?: string;
  rejectUnauthorized?: boolean;
  servername?: string;
}

function pem(inline: string | undefined, file: string | undefined, what: string, owner: string): string | undefined {
  if (inline !== undefined) return inline;
  if (file === undefined) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`${owner}cannot read TLS ${what} file ${file}: ${(e as Error).message}`);
  }
}

/**
 * Read the PEM files now (at boot) so that a missing file is a boot error naming it, not a failed request.
 * `owner` prefixes error messages (e.g. 'db instance SMF: ').
 */
export function connectTls(tls: TlsOptions | undefined, owner = ''): ConnectTls {
  if (!tls) return {};
  const out: ConnectTls = {};
  const ca = pem(tls.ca, tls.ca_file, 'ca', owner);
  const cert = pem(tls.cert, tls.cert_file, 'cert', owner);
  const key = pem(tls.key, tls.key_file, 'key', owner);
  if (ca !== undefined) out.ca = ca;
  if (cert !== undefined) out.cert = cert;
  if (key !== undefined) out.key = key;
  if (tls.reject_unauthorized !== undefined) out.rejectUnauthorized = tls.reject_unauthorized;
  if (tls.servername !== undefined) out.servername = tls.servername;
  return out;
}

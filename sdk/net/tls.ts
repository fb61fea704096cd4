// TLS options of a client instance in plugins.json (HTTP, SOAP, PostgreSQL, ...), turned into the options Node's
// tls.connect takes. Shared by plugins through the sdk.
import { readFileSync } from 'node:fs';
import { Type, type Static } from '../schema.js';

const pemOrPath = (description: string) => Type.Optional(Type.String({ description }));

/** The `tls` object of a client instance (`ssl` of a PostgreSQL one). */
export const tlsSchema = Type.Object(
  {
    ca: pemOrPath('PEM text of the CA certificate(s) to trust'),
    ca_file: pemOrPath('Path of a PEM file of the CA certificate(s) to trust'),
    cert: pemOrPath('Client certificate (mutual TLS), PEM text'),
    cert_file: pemOrPath('Client certificate (mutual TLS), path of a PEM file'),
    key: pemOrPath('Key of the client certificate, PEM text'),
    key_file: pemOrPath('Key of the client certificate, path of a PEM file'),
    reject_unauthorized: Type.Optional(Type.Boolean({ description: 'Verify the server certificate (default true); false is for lab servers with throwaway certificates' })),
    servername: Type.Optional(Type.String({ description: 'SNI server name and the name the certificate is checked against (default: the host of the URL)' })),
  },
  { additionalProperties: false },
);

export type TlsOptions = Static<typeof tlsSchema>;

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

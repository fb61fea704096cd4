// POST /rpc: one JSON-RPC 2.0 request, answered with exactly the text the framed TCP port gives for it, by the same
// dispatcher. The token came in the Authorization header (checked before): it is put into params.auth_token, where
// the dispatcher looks for it; a request the dispatcher will refuse anyway (not JSON, params not an object) is
// passed as it came, so that it gets the same error as on the TCP port.
import type { ServiceCore } from '../../core/service.js';

type Rpc = NonNullable<ServiceCore['rpc']>;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The request with the token in its params, or the body unchanged when it is not a request whose params can take it. */
export function withToken(body: Buffer, token: string): Buffer {
  try {
    const req = JSON.parse(utf8.decode(body)) as unknown;
    if (!req || typeof req !== 'object' || Array.isArray(req)) return body;
    const r = req as Record<string, unknown>;
    let params = r.params ?? {};
    if (typeof params === 'string') params = JSON.parse(params);
    if (!params || typeof params !== 'object' || Array.isArray(params)) return body;
    return Buffer.from(JSON.stringify({ ...r, params: { ...(params as object), auth_token: token } }));
  } catch {
    return body; // not UTF-8 JSON, or too deep to write back: the dispatcher answers it as the TCP port would
  }
}

export async function answerRpc(rpc: Rpc, body: Buffer, token: string | undefined): Promise<string> {
  return rpc.handle(token ? withToken(body, token) : body);
}

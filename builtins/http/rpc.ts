// POST /rpc: one JSON-RPC 2.0 request, answered with exactly the text the framed TCP port gives for it, by the same
// dispatcher. The token came in the Authorization header and was checked before (security.ts): the dispatcher is told
// so, and does not ask for params.auth_token as it does on the TCP port.
import type { ServiceCore } from '../../core/service.js';

type Rpc = NonNullable<ServiceCore['rpc']>;

export async function answerRpc(rpc: Rpc, body: Buffer): Promise<string> {
  return rpc.handle(body, true);
}

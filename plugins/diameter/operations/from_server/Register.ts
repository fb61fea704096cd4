// diameter.from_server.Register: route server-initiated requests (RAR, ASR, ...) for a Session-Id to this
// instance until it ends. Sessions the instance sent requests for are routed to it already; Register is for other
// sessions, or to fail early when another instance holds the session.
import { defineOperation, Type, type OperationContext } from '../../../../sdk/index.js';
import type { DiameterPeer } from '../../peer/peer.js';
import { inboxOf } from '../../runtime/inbox.js';

export default defineOperation({
  type: 'diameter.from_server.Register',
  direction: 'local',
  gateway: 'diameter',
  description: 'Register a Session-Id so that requests the peer sends for it (e.g. Re-Auth-Request) reach this instance (default: the Session-Id of the last request it sent).',
  arguments: Type.Object({
    session_id: Type.Optional(Type.String({ minLength: 1, description: 'The Session-Id (default: that of the last request this instance sent).' })),
  }),
  execute(ctx: OperationContext<DiameterPeer>, args) {
    const inbox = inboxOf(ctx);
    const sid = args.session_id ?? inbox.lastSessionId;
    if (sid === undefined) ctx.abort(`${ctx.type}: no session_id given and this instance has sent no request with a Session-Id yet`);
    if (!inbox.register(sid)) ctx.abort(`${ctx.type}: session ${sid} is already registered by another test instance`);
    ctx.trace(1, `diameter: session ${sid} registered on ${inbox.peer.name}`);
    return { result: { session_id: sid } };
  },
});

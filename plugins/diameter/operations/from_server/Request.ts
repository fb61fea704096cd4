// diameter.from_server.Request: wait for a request the peer sends for one of this instance's sessions (e.g. a
// Re-Auth-Request), match its AVPs, and answer it (Result-Code 2001 by default, plus the given AVPs). The request
// is the result and lands in $i under its abbreviation and full name ($i.RAR, $i['Re-Auth-Request']).
// Another command than the expected one, or nothing in time, aborts the instance (the stray request is answered
// DIAMETER_UNABLE_TO_COMPLETE so the peer is not left waiting).
import { defineOperation, invalid, Type, type Json, type OperationContext, type PrepareContext, isExpression } from '../../../../sdk/index.js';
import { isCodecError } from '../../codec/errors.js';
import { findAvp } from '../../codec/message.js';
import { flattenExpected, ItemError, showAvpValue } from '../../codec/view.js';
import type { DiameterPeer, InboundRequest } from '../../peer/peer.js';
import { PeerError } from '../../peer/peer-error.js';
import { A, str, u32 } from '../../peer/avps.js';
import { buildAnswerAvps } from '../../runtime/build.js';
import { decodeParsed, resultOf } from '../../runtime/decoded.js';
import { inboxOf } from '../../runtime/inbox.js';
import { recordMessage } from '../../runtime/record.js';
import { avpListSchema } from '../../codec/avp-item.js';
import { checkExpectedNames, checkItems } from '../static-checks.js';

const InboundArguments = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, description: 'Expected command (Re-Auth-Request, RAR, Abort-Session-Request, ...). With code, or neither for any request.' })),
  code: Type.Optional(Type.Integer({ minimum: 0, maximum: 16777215, description: 'Expected command code (e.g. 258).' })),
  session_id: Type.Optional(Type.String({ minLength: 1, description: 'Expected Session-Id (default: any session of this instance).' })),
  seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 120, description: 'Time to wait (default: the instance\'s inbound timeout, 10 s).' })),
  avps: Type.Optional(Type.Unsafe<Record<string, Json>>({ type: 'object', description: 'Expected AVPs: name or dotted kpath -> value; null = absent; "!name" = must not equal.' })),
  answer_avps: Type.Optional(avpListSchema),
  result_code: Type.Optional(Type.Unsafe<number | string>({ type: ['integer', 'string'], description: 'Result-Code of the answer (number or name, default 2001 DIAMETER_SUCCESS).' })),
  send_answer: Type.Optional(Type.Boolean({ default: true, description: 'Answer the request (false: leave it unanswered, to test the peer\'s timeout).' })),
});

export default defineOperation({
  type: 'diameter.from_server.Request',
  direction: 'receive',
  gateway: 'diameter',
  description: 'Expect a request from the peer for a session of this instance (e.g. Re-Auth-Request), match its AVPs and answer it.',
  controlArguments: ['name', 'code', 'session_id', 'seconds', 'answer_avps', 'result_code', 'send_answer'],
  arguments: InboundArguments,
  prepare(args, ctx: PrepareContext<DiameterPeer>) {
    const dict = ctx.gateway().dict;
    if (typeof args.name === 'string' && !isExpression(args.name)) {
      const c = dict.command(args.name);
      if (!c) throw invalid(`${ctx.path}.name`, `unknown Diameter command '${args.name}'`);
      if (args.code !== undefined && typeof args.code === 'number' && c.code !== args.code) {
        throw invalid(`${ctx.path}.code`, `${args.code} is not the code of ${c.requestName} (${c.code})`);
      }
    }
    checkItems(dict, args.answer_avps, `${ctx.path}.answer_avps`);
    checkExpectedNames(dict, args.avps, `${ctx.path}.avps`);
    if (typeof args.result_code === 'string' && !isExpression(args.result_code) && !/^\d+$/.test(args.result_code)) {
      const rc = dict.avp('Result-Code')!;
      if (dict.enumValue(rc, args.result_code) === undefined) throw invalid(`${ctx.path}.result_code`, `unknown Result-Code name '${args.result_code}'`);
    }
  },
  async execute(ctx: OperationContext<DiameterPeer>, args) {
    const peer = ctx.gateway();
    const dict = peer.dict;
    const want = args.name !== undefined ? dict.command(args.name) : args.code !== undefined ? dict.command(args.code) : undefined;
    const wantCode = want?.code ?? args.code;
    const wantName = want?.requestName ?? (wantCode !== undefined ? `command ${wantCode}` : 'a request');
    const inbox = inboxOf(ctx);
    if (args.session_id !== undefined && !inbox.register(args.session_id)) {
      ctx.abort(`${ctx.type}: session ${args.session_id} is registered by another test instance`);
    }
    if (inbox.sessionCount === 0) {
      ctx.abort(`${ctx.type}: this instance has no Diameter session to receive requests for (send a request with a Session-Id or use diameter.from_server.Register first)`);
    }
    const timeoutMs = args.seconds !== undefined ? Math.round(args.seconds * 1000) : peer.config.request_timeout_ms;
    const remote = `${peer.name} ${peer.config.host}:${peer.config.port}`;
    let req: InboundRequest | undefined;
    for (;;) {
      req = await inbox.next(timeoutMs, ctx.signal);
      if (!req) {
        const why = peer.notReady();
        ctx.abort(`no ${wantName} from ${remote} within ${timeoutMs} ms${why ? ` (${why})` : ''}`);
      }
      if (args.session_id === undefined || req.sessionId === args.session_id) break;
      // a request for another session of this instance while waiting for a specific one: refuse it, keep waiting
      answerError(peer, req, 5012, `the test instance expected a request for session ${args.session_id}`);
    }
    const d = decodeParsed(dict, req.message);
    recordMessage(ctx, dict, 'received', req.message.bytes, remote, d);
    if (wantCode !== undefined && d.parsed.header.code !== wantCode) {
      answerError(peer, req, 5012, `the test instance expected ${wantName}`);
      ctx.abort(`expected ${wantName} from ${remote}, received ${d.name} for session ${req.sessionId}`);
    }
    for (const err of d.errors) ctx.fail(`${d.name}: bad AVP value: ${err}`);
    const result = resultOf(dict, d);
    ctx.received(d.abbrev, result);
    ctx.received(d.name, result);
    if (args.avps && Object.keys(args.avps).length) ctx.match(d.name, flattenExpected(dict, args.avps), result, { show: showAvpValue(dict) });
    if (args.send_answer !== false) {
      let rc = 2001;
      if (typeof args.result_code === 'number') rc = args.result_code;
      else if (typeof args.result_code === 'string') {
        rc = /^\d+$/.test(args.result_code) ? Number(args.result_code) : dict.enumValue(dict.avp('Result-Code')!, args.result_code) ?? 2001;
      }
      let bytes: Buffer;
      try {
        const sid = findAvp(req.message.avps, A.SessionId)?.data;
        bytes = peer.buildAnswer(req.message, buildAnswerAvps(dict, peer, sid, rc, args.answer_avps ?? [], 'arguments.answer_avps'), rc >= 3000 && rc < 4000);
      } catch (e) {
        if (e instanceof ItemError || isCodecError(e)) {
          answerError(peer, req, 5012, 'the test definition could not encode the answer');
          ctx.abort(`${ctx.type}: cannot encode the answer: ${e.message}`);
        }
        throw e;
      }
      req.answered = true;
      try {
        peer.sendAnswer(bytes);
      } catch (e) {
        if (e instanceof PeerError) ctx.abort(`cannot answer ${d.name}: ${e.message}`);
        throw e;
      }
      recordMessage(ctx, dict, 'sent', bytes, remote);
    } else {
      req.answered = true;
    }
    return { result, show: showAvpValue(dict) };
  },
});

function answerError(peer: DiameterPeer, req: InboundRequest, rc: number, text: string): void {
  if (req.answered) return;
  req.answered = true;
  const sid = findAvp(req.message.avps, A.SessionId);
  try {
    peer.sendAnswer(peer.buildAnswer(req.message, [
      ...(sid ? [{ code: A.SessionId, flags: 0x40, data: sid.data }] : []),
      u32(A.ResultCode, rc), ...peer.originAvps(), str(A.ErrorMessage, text, 0),
    ]));
  } catch {
    // connection gone
  }
}

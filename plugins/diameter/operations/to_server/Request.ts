// diameter.to_server.Request (alias diameter.Request): send a request to the Diameter peer and wait for its answer.
// The answer is the result (tests[] apply to it; AVPs by name, e.g. `Result-Code`,
// `Multiple-Services-Credit-Control.Granted-Service-Unit.CC-Time`) and lands in $i under its abbreviation and
// full name ($i.CCA, $i['Credit-Control-Answer']). `answer` matches AVPs argument by argument. Unless `answer`
// names the Result-Code (or check_result is false), a Result-Code outside 2xxx is a failed check that shows the
// Failed-AVP and Error-Message.
import { defineOperation, invalid, Type, type Json, type OperationContext, type PrepareContext, isExpression } from '../../../../sdk/index.js';
import { isCodecError } from '../../codec/errors.js';
import { ItemError, resultCodeText, showAvpValue } from '../../codec/view.js';
import { expectedAnswer } from '../../runtime/expected-answer.js';
import type { DiameterPeer } from '../../peer/peer.js';
import { PeerError } from '../../peer/peer-error.js';
import { buildRequestAvps, resolveCommand } from '../../runtime/build.js';
import { decode, failedAvpText, resultCodeOf, resultOf, resultText, type Decoded } from '../../runtime/decoded.js';
import { inboxOf } from '../../runtime/inbox.js';
import { recordMessage } from '../../runtime/record.js';
import { parseCommandFlags, CommandFlag } from '../../codec/header.js';
import { avpListSchema } from '../../codec/avp-item.js';
import { checkExpectedNames, checkItems } from '../static-checks.js';

const RequestArguments = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, description: 'Command: full name (Credit-Control-Request), base name (Credit-Control), abbreviation (CCR) or code.' })),
  code: Type.Optional(Type.Integer({ minimum: 0, maximum: 16777215, description: 'Command code, instead of name.' })),
  application_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 4294967295, description: 'Application-Id of the header (default: the command\'s, else the peer\'s first application).' })),
  flags: Type.Optional(Type.String({ pattern: '^[RPETrpet]*$', description: 'Header flags to send instead of R (+P for proxiable commands), e.g. "RPT".' })),
  avps: Type.Optional(avpListSchema),
  auto_avps: Type.Optional(Type.Boolean({ default: true, description: 'Add Origin-Host/Realm, Destination-Realm/-Host and the application id AVP when the request does not give them.' })),
  answer: Type.Optional(Type.Unsafe<Record<string, Json>>({ type: 'object', description: 'Expected answer AVPs: name or dotted kpath -> value (enumerated names allowed); null = absent; "!name" = must not equal.' })),
  check_result: Type.Optional(Type.Boolean({ default: true, description: 'Record a check that the Result-Code is 2xxx (unless answer names Result-Code), and the MSCC-level Result-Codes (see mscc_result_code). false: neither.' })),
  mscc_result_code: Type.Optional(Type.Unsafe<number | string | (number | string)[] | false>({
    // const false first: the options validator coerces types, and false would become 0 under 'integer'
    anyOf: [{ const: false }, { type: 'integer' }, { type: 'string', minLength: 1 }, { type: 'array', minItems: 1, items: { type: ['integer', 'string'] } }],
    description: 'Result-Code every Multiple-Services-Credit-Control of the answer that carries one must have: a number or name, or a list of them (default: any 2xxx); false: no MSCC-level check.',
  })),
  seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 600, description: 'Time to wait for the answer (default: the instance\'s inbound timeout).' })),
});

export default defineOperation({
  type: 'diameter.to_server.Request',
  aliases: ['diameter.Request'],
  direction: 'send',
  gateway: 'diameter',
  description: 'Send a Diameter request (e.g. a CCR) to the peer and wait for the answer; the answer (AVPs by name) is the result and lands in $i.<abbrev> (e.g. $i.CCA).',
  arguments: RequestArguments,
  prepare(args, ctx: PrepareContext<DiameterPeer>) {
    if (args.name === undefined && args.code === undefined) throw invalid(`${ctx.path}.name`, 'give the command: name (e.g. "CCR") or code');
    const peer = ctx.gateway();
    const dict = peer.dict;
    if (typeof args.name === 'string' && !isExpression(args.name)) {
      const c = dict.command(args.name);
      if (!c && !/^\d+$/.test(args.name)) throw invalid(`${ctx.path}.name`, `unknown Diameter command '${args.name}' (e.g. CCR, Credit-Control-Request, RAR, UDR, or a number)`);
      if (c && dict.isAnswerName(args.name)) throw invalid(`${ctx.path}.name`, `'${args.name}' is an answer; diameter.to_server.Request sends requests (${c.requestName})`);
    }
    checkItems(dict, args.avps, `${ctx.path}.avps`);
    checkExpectedNames(dict, args.answer, `${ctx.path}.answer`);
    if (args.mscc_result_code !== undefined && args.mscc_result_code !== false) {
      const list = Array.isArray(args.mscc_result_code) ? args.mscc_result_code : [args.mscc_result_code];
      list.forEach((c, i) => {
        if (typeof c === 'string' && !isExpression(c) && !/^\d+$/.test(c) && dict.enumValue(dict.avp('Result-Code')!, c) === undefined) {
          throw invalid(`${ctx.path}.mscc_result_code${Array.isArray(args.mscc_result_code) ? `[${i}]` : ''}`, `unknown Result-Code name '${c}'`);
        }
      });
    }
  },
  async execute(ctx: OperationContext<DiameterPeer>, args) {
    const peer = ctx.gateway();
    const dict = peer.dict;
    let cmd;
    let built;
    let applicationId: number;
    let bytes: Buffer;
    try {
      cmd = resolveCommand(dict, args.name, args.code, 'arguments');
      applicationId = args.application_id ?? cmd.applicationId ?? peer.defaultApplication();
      built = buildRequestAvps(dict, peer, cmd, applicationId, args.avps ?? [], args.auto_avps !== false, 'arguments.avps');
      const flags = args.flags !== undefined ? parseCommandFlags(args.flags) : CommandFlag.R | (cmd.proxiable ? CommandFlag.P : 0);
      bytes = peer.buildRequest(cmd.code, applicationId, built.nodes, flags);
    } catch (e) {
      if (e instanceof ItemError || isCodecError(e) || e instanceof RangeError) ctx.abort(`${ctx.type}: cannot encode the request: ${e.message}`);
      throw e;
    }
    const what = cmd.requestName;
    const inbox = inboxOf(ctx);
    if (built.sessionId !== undefined) {
      inbox.lastSessionId = built.sessionId;
      inbox.register(built.sessionId);
    }
    const timeoutMs = args.seconds !== undefined ? Math.round(args.seconds * 1000) : peer.config.request_timeout_ms;
    const remote = peer.label;
    recordMessage(ctx, dict, 'sent', bytes, remote);
    const t0 = ctx.detailed ? performance.now() : 0;
    let answer: Buffer;
    try {
      answer = await peer.request(bytes, timeoutMs, what, ctx.endSignal);
    } catch (e) {
      if (e instanceof PeerError) ctx.abort(`${what}: ${e.message}`);
      throw e;
    }
    let d: Decoded;
    try {
      d = decode(dict, answer);
    } catch (e) {
      recordMessage(ctx, dict, 'received', answer, remote);
      ctx.abort(`malformed answer to ${what} from ${remote}: ${(e as Error).message}`);
    }
    recordMessage(ctx, dict, 'received', answer, remote, d);
    if (ctx.detailed && ctx.run.traceLevel >= 1) {
      ctx.trace(1, `diameter: ${cmd.requestAbbrev} to ${remote} (hop-by-hop 0x${bytes.readUInt32BE(12).toString(16).padStart(8, '0')}, ${bytes.length} bytes) -> ${d.abbrev} ${resultText(dict, d)} in ${(performance.now() - t0).toFixed(2)} ms`);
    }
    if (d.parsed.header.code !== cmd.code) {
      ctx.fail(`${what}: the answer has command code ${d.parsed.header.code} (${d.name}), expected ${cmd.code}`);
    }
    for (const err of d.errors) ctx.fail(`${d.name}: bad AVP value: ${err}`);
    const result = resultOf(dict, d);
    ctx.received(d.abbrev, result);
    ctx.received(d.name, result);
    const expected = expectedAnswer(dict, args.answer);
    if (args.check_result !== false && !expected.namesResult) checkResult(ctx, dict, d);
    if (args.check_result !== false && args.mscc_result_code !== false && !expected.namesMscc) checkMsccResults(ctx, dict, d, args.mscc_result_code);
    if (expected.fields) ctx.match(d.name, expected.fields, result, { show: showAvpValue(dict) });
    return { result, show: showAvpValue(dict) };
  },
});

function checkResult(ctx: OperationContext, dict: DiameterPeer['dict'], d: Decoded): void {
  const rc = resultCodeOf(d);
  if (rc !== undefined && rc >= 2000 && rc < 3000) {
    ctx.pass(`${d.name}: ${resultText(dict, d)}`);
    return;
  }
  const parts = [`${d.name}: ${resultText(dict, d)} (expected 2xxx)`];
  if (d.parsed.header.flags & CommandFlag.E) parts.push('E bit set');
  const failed = failedAvpText(d);
  if (failed) parts.push(`Failed-AVP: ${failed}`);
  const em = d.object['Error-Message'];
  if (typeof em === 'string') parts.push(`Error-Message: "${em}"`);
  ctx.fail(parts.join('; '));
}

/** 'Multiple-Services-Credit-Control (Rating-Group 7, Service-Identifier 1)', or '[n]' when it has neither. */
function msccLabel(m: Record<string, Json>, index: number, count: number): string {
  const ids: string[] = [];
  for (const k of ['Rating-Group', 'Service-Identifier']) {
    const v = m[k];
    if (v !== undefined && v !== null) ids.push(`${k} ${Array.isArray(v) ? v.join('/') : String(v)}`);
  }
  return `Multiple-Services-Credit-Control${ids.length ? ` (${ids.join(', ')})` : count > 1 ? `[${index}]` : ''}`;
}

/**
 * The Result-Code inside each Multiple-Services-Credit-Control (RFC 4006 §8.16; in Gy the usual out-of-credit
 * signal, e.g. 4012 under a top-level 2001): 2xxx by default, else one of `want`.
 */
function checkMsccResults(ctx: OperationContext, dict: DiameterPeer['dict'], d: Decoded, want: number | string | (number | string)[] | undefined): void {
  const raw = d.object['Multiple-Services-Credit-Control'];
  if (raw === undefined || raw === null) return;
  const list = (Array.isArray(raw) ? raw : [raw]).filter((m): m is Record<string, Json> => m !== null && typeof m === 'object' && !Array.isArray(m));
  let codes: number[] | undefined;
  if (want !== undefined) {
    codes = [];
    for (const c of Array.isArray(want) ? want : [want]) {
      const n = typeof c === 'number' ? c : /^\d+$/.test(c) ? Number(c) : dict.enumValue(dict.avp('Result-Code')!, c);
      if (n === undefined) ctx.abort(`${ctx.type}: mscc_result_code: unknown Result-Code name '${String(c)}'`);
      codes.push(n);
    }
  }
  const named = (n: number) => resultCodeText(dict, n);
  list.forEach((m, i) => {
    const rcs = m['Result-Code'];
    if (rcs === undefined || rcs === null) return;
    for (const rc of Array.isArray(rcs) ? rcs : [rcs]) {
      if (typeof rc !== 'number') continue;
      const ok = codes ? codes.includes(rc) : rc >= 2000 && rc < 3000;
      const text = `${d.name}: ${msccLabel(m, i, list.length)}: Result-Code ${named(rc)}`;
      if (ok) ctx.pass(text);
      else ctx.fail(`${text} (expected ${codes ? codes.map(named).join(' or ') : '2xxx'})`);
    }
  });
}

// Answers a peer builds: the answer to a request (ids, code and application copied) and the refusals it gives
// itself to requests no operation takes (RFC 6733 §7.1: a request it could not decode, one for a session nobody
// registered, one without Session-Id).
import { AvpFlag, type AvpNode, type RawAvp } from '../codec/avp.js';
import { CodecResult, isCodecError } from '../codec/errors.js';
import { CommandFlag } from '../codec/header.js';
import { encodeMessage, type ParsedMessage } from '../codec/message.js';
import { A, str, u32 } from './avps.js';

/** Encode an answer to `req` (same code, application, ids; P copied; E for protocol errors 3xxx). */
export function answerTo(req: ParsedMessage, avps: readonly AvpNode[], errorBit = false): Buffer {
  const h = req.header;
  return encodeMessage({
    flags: (h.flags & CommandFlag.P) | (errorBit ? CommandFlag.E : 0),
    code: h.code, applicationId: h.applicationId, hopByHop: h.hopByHop, endToEnd: h.endToEnd, avps,
  });
}

/**
 * The answer to a request whose bytes could not be decoded, with the Result-Code the codec names; undefined when
 * not even the header is there to answer.
 */
export function codecErrorAnswer(bytes: Buffer, e: unknown, origin: readonly AvpNode[]): Buffer | undefined {
  if (bytes.length < 20) return undefined;
  const rc = isCodecError(e) ? e.resultCode : CodecResult.UNABLE_TO_COMPLETE;
  const text = e instanceof Error ? e.message : String(e);
  const flags = (bytes[4]! & CommandFlag.P) | (rc >= 3000 && rc < 4000 ? CommandFlag.E : 0);
  return encodeMessage({
    flags, code: bytes.readUInt32BE(4) & 0xffffff, applicationId: bytes.readUInt32BE(8),
    hopByHop: bytes.readUInt32BE(12), endToEnd: bytes.readUInt32BE(16),
    avps: [u32(A.ResultCode, rc), ...origin, str(A.ErrorMessage, text.slice(0, 200), 0)],
  });
}

/** The refusal of a request nobody takes: 5002 for a session nobody registered, 3001 without Session-Id. */
export function unroutedAnswer(m: ParsedMessage, sessionAvp: RawAvp | undefined, origin: readonly AvpNode[]): Buffer {
  const sessionId = sessionAvp?.data.toString('utf8');
  const rc = sessionId !== undefined ? 5002 : 3001;
  const avps: AvpNode[] = [];
  if (sessionAvp) avps.push({ code: A.SessionId, flags: AvpFlag.M, data: sessionAvp.data });
  avps.push(u32(A.ResultCode, rc), ...origin,
    str(A.ErrorMessage, sessionId !== undefined ? `no test instance registered session ${sessionId}` : 'request without Session-Id not supported', 0));
  return answerTo(m, avps, rc === 3001);
}

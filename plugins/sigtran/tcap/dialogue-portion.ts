// The TCAP dialogue portion (Q.773 §3.2, the dialogue PDUs of the dialogue-as-id abstract syntax): AARQ, AARE and
// ABRT in an EXTERNAL, written and read.
import type { ApplicationContext } from '../ac.js';
import { acAt } from '../ac.js';
import type { DialoguePdu } from '../api.js';
import { BerError, BerWriter, TagClass, Universal, checkBitString, decodeInteger, decodeOidAt, expectBer as expect, readTlv, type Tlv } from '../ber/index.js';

const APP = TagClass.Application;
const CTX = TagClass.Context;
const UNI = TagClass.Universal;

const DIALOGUE_AS_ID = '0.0.17.773.1.1.1';
const UNI_DIALOGUE_AS_ID = '0.0.17.773.1.2.1';
const DIALOGUE_AS_ID_CONTENT = Uint8Array.of(0x00, 0x11, 0x86, 0x05, 0x01, 0x01, 0x01);
const UNI_DIALOGUE_AS_ID_CONTENT = Uint8Array.of(0x00, 0x11, 0x86, 0x05, 0x01, 0x02, 0x01);

/** An outbound dialogue portion. */
export type OutDialogue =
  | { type: 'aarq'; ac: ApplicationContext; userInformation?: Uint8Array }
  | { type: 'aare'; ac: ApplicationContext; result: 0 | 1; diagSource: 'user' | 'provider'; diag: number; userInformation?: Uint8Array }
  | { type: 'abrt'; source: 0 | 1; userInformation?: Uint8Array };


/** protocol-version: version1 (a BIT STRING of one bit, set). */
const VERSION1 = Uint8Array.of(0x80);

/** The AARQs without user information, by AC: the same octets open every dialogue of a load run. */
const aarqs = new WeakMap<ApplicationContext, Uint8Array>();

/** Write the dialogue portion `d` ([APPLICATION 11] EXTERNAL); `uni`: the unidirectional abstract syntax. */
export function writeDialogue(w: BerWriter, d: OutDialogue, uni = false): void {
  if (d.type !== 'aarq' || d.userInformation || uni) return writePortion(w, d, uni);
  let b = aarqs.get(d.ac);
  if (b === undefined) {
    const own = new BerWriter(64);
    writePortion(own, d, false);
    aarqs.set(d.ac, (b = own.toBytes()));
  }
  w.raw(b);
}

function writePortion(w: BerWriter, d: OutDialogue, uni: boolean): void {
  w.begin(APP, 11).begin(UNI, Universal.External);
  w.primitive(UNI, Universal.ObjectIdentifier, uni ? UNI_DIALOGUE_AS_ID_CONTENT : DIALOGUE_AS_ID_CONTENT);
  w.begin(CTX, 0);
  if (d.type === 'aarq') {
    w.begin(APP, 0);
    w.bitString(VERSION1, 7, CTX, 0);
    w.begin(CTX, 1).primitive(UNI, Universal.ObjectIdentifier, d.ac.bytes).end();
    if (d.userInformation) w.begin(CTX, 30).raw(d.userInformation).end();
    w.end();
  } else if (d.type === 'aare') {
    w.begin(APP, 1);
    w.bitString(VERSION1, 7, CTX, 0);
    w.begin(CTX, 1).primitive(UNI, Universal.ObjectIdentifier, d.ac.bytes).end();
    w.begin(CTX, 2).integer(d.result).end();
    w.begin(CTX, 3).begin(CTX, d.diagSource === 'user' ? 1 : 2).integer(d.diag).end().end();
    if (d.userInformation) w.begin(CTX, 30).raw(d.userInformation).end();
    w.end();
  } else {
    w.begin(APP, 4);
    w.integer(d.source, CTX, 0);
    if (d.userInformation) w.begin(CTX, 30).raw(d.userInformation).end();
    w.end();
  }
  w.end().end().end();
}


/** Read a dialogue portion ([APPLICATION 11]); BerError on anything malformed. */
export function decodeDialogue(buf: Uint8Array, dp: Tlv): DialoguePdu {
  const ext = readTlv(buf, dp.valueStart, dp.valueEnd);
  expect(ext.cls === UNI && ext.tagNumber === Universal.External && ext.constructed, 'expected EXTERNAL in the dialogue portion', ext.start);
  let p = ext.valueStart;
  let asId: string | undefined;
  let pdu: Tlv | undefined;
  let pduBuf = buf;
  while (p < ext.valueEnd) {
    const t = readTlv(buf, p, ext.valueEnd);
    p = t.end;
    // the abstract syntax compared as octets: a dotted string per message only when it is another
    if (t.cls === UNI && t.tagNumber === Universal.ObjectIdentifier) asId = knownAsId(buf, t) ?? decodeOidAt(buf, t.valueStart, t.valueEnd);
    else if (t.cls === CTX && t.tagNumber === 0 && t.constructed) pdu = readTlv(buf, t.valueStart, t.valueEnd);
    else if (t.cls === CTX && t.tagNumber === 1 && !t.constructed) {
      // octet-aligned: the PDU's BER encoding as an OCTET STRING
      pduBuf = buf.subarray(t.valueStart, t.valueEnd);
      pdu = readTlv(pduBuf, 0);
    }
  }
  expect(asId === DIALOGUE_AS_ID || asId === UNI_DIALOGUE_AS_ID, `dialogue portion with abstract syntax ${asId ?? '(none)'} (expected ${DIALOGUE_AS_ID})`, ext.start);
  expect(pdu !== undefined, 'dialogue portion without a dialogue PDU', ext.start);
  return decodeDialoguePdu(pduBuf, pdu);
}

/** The dialogue-as-id or unidirectional-dialogue-as-id of the OID `t`, or undefined: another abstract syntax. */
function knownAsId(buf: Uint8Array, t: Tlv): string | undefined {
  if (sameAt(buf, t, DIALOGUE_AS_ID_CONTENT)) return DIALOGUE_AS_ID;
  return sameAt(buf, t, UNI_DIALOGUE_AS_ID_CONTENT) ? UNI_DIALOGUE_AS_ID : undefined;
}

function sameAt(buf: Uint8Array, t: Tlv, content: Uint8Array): boolean {
  if (t.valueEnd - t.valueStart !== content.length) return false;
  for (let i = 0; i < content.length; i++) if (buf[t.valueStart + i] !== content[i]) return false;
  return true;
}

function decodeDialoguePdu(buf: Uint8Array, pdu: Tlv): DialoguePdu {
  expect(pdu.cls === APP && pdu.constructed, 'dialogue PDU is not an [APPLICATION n] constructed value', pdu.start);
  let ac: ApplicationContext | undefined;
  let userInformation: Uint8Array | undefined;
  let result: number | undefined;
  let diag: { source: 'user' | 'provider'; code: number } | undefined;
  let source: number | undefined;
  let p = pdu.valueStart;
  while (p < pdu.valueEnd) {
    const t = readTlv(buf, p, pdu.valueEnd);
    p = t.end;
    if (t.cls !== CTX) continue;
    switch (t.tagNumber) {
      case 0:
        if (pdu.tagNumber === 4) source = decodeInteger(buf, t);
        else checkBitString(buf, t); // protocol-version: validated, value not needed
        break;
      case 1: {
        const o = readTlv(buf, t.valueStart, t.valueEnd);
        expect(o.cls === UNI && o.tagNumber === Universal.ObjectIdentifier, 'application-context-name is not an OBJECT IDENTIFIER', o.start);
        ac = acAt(buf, o.valueStart, o.valueEnd);
        break;
      }
      case 2:
        result = decodeInteger(buf, readTlv(buf, t.valueStart, t.valueEnd));
        break;
      case 3: {
        const c = readTlv(buf, t.valueStart, t.valueEnd);
        diag = { source: c.tagNumber === 1 ? 'user' : 'provider', code: decodeInteger(buf, readTlv(buf, c.valueStart, c.valueEnd)) };
        break;
      }
      case 30:
        userInformation = buf.subarray(t.valueStart, t.valueEnd);
        break;
    }
  }
  switch (pdu.tagNumber) {
    case 0:
      expect(ac !== undefined, 'AARQ without application-context-name', pdu.start);
      return userInformation ? { type: 'aarq', ac, userInformation } : { type: 'aarq', ac };
    case 1: {
      expect(ac !== undefined, 'AARE without application-context-name', pdu.start);
      expect(result !== undefined, 'AARE without result', pdu.start);
      const d: DialoguePdu = { type: 'aare', ac, result: result === 0 ? 'accepted' : 'reject-permanent', diagnostic: diag ?? { source: 'user', code: 0 } };
      if (userInformation) d.userInformation = userInformation;
      return d;
    }
    case 4: {
      expect(source !== undefined, 'ABRT without abort-source', pdu.start);
      const d: DialoguePdu = { type: 'abrt', source: source === 0 ? 'user' : 'provider' };
      if (userInformation) d.userInformation = userInformation;
      return d;
    }
    default:
      throw new BerError('tag', pdu.start, `dialogue PDU [APPLICATION ${pdu.tagNumber}] is not AARQ, AARE or ABRT`);
  }
}


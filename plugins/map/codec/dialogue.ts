// The MAP dialogue PDU (TS 29.002 §17.1, MAP-DialogueInformation) in the TCAP user-information: an EXTERNAL under
// the MAP dialogue abstract syntax 0.4.0.0.1.1.1.1 holding MAP-DialoguePDU, whose map-open carries the
// destination and origination references. JSON form as in the anchor: `tcap.map_open.destination_reference_digits`.
import { BerWriter, TagClass, Universal, children, decodeOid, isBerError, readTlv } from '../../sigtran/ber/index.js';
import { ANY, choice, decodeArg, encodeArg, f, o, oct, seq, type ArgType } from '../../sigtran/codec/index.js';

/** 0.4.0.0.1.1.1.1: map-DialogueAS. */
const MAP_DIALOGUE_AS = '0.4.0.0.1.1.1.1';

const OPEN_INFO = seq(
  o('destination_reference', 0, oct('addressString')),
  o('origination_reference', 1, oct('addressString')),
  o('extensionContainer', undefined, seq(o('privateExtensionList', 0, ANY), o('pcs-Extensions', 1, ANY))),
);
const DIALOGUE_PDU: ArgType = {
  ty: choice(f('map_open', 0, OPEN_INFO), f('map_accept', 1, ANY), f('map_close', 2, ANY), f('map_refuse', 3, ANY), f('map_userAbort', 4, ANY), f('map_providerAbort', 5, ANY)),
};

/**
 * The AARQ user-information (content of `[30]`: one EXTERNAL) for a MAP-DialoguePDU given in the flattened form,
 * e.g. `{ map_open: { destination_reference_digits: '4912345' } }`. Throws CodecError naming the field.
 */
export function encodeMapDialogue(pdu: Record<string, unknown>): Uint8Array {
  const inner = encodeArg(DIALOGUE_PDU, pdu);
  const w = new BerWriter(64);
  w.begin(TagClass.Universal, Universal.External);
  w.oid(MAP_DIALOGUE_AS);
  w.begin(TagClass.Context, 0).raw(inner).end();
  w.end();
  return w.toBytes();
}

/** The MAP-DialoguePDU of received user-information (EXTERNALs), flattened; undefined when there is none. */
export function decodeMapDialogue(userInformation: Uint8Array | undefined): Record<string, unknown> | undefined {
  if (!userInformation || userInformation.length === 0) return undefined;
  try {
    for (let p = 0; p < userInformation.length; ) {
      const ext = readTlv(userInformation, p);
      p = ext.end;
      if (ext.cls !== TagClass.Universal || ext.tagNumber !== Universal.External) continue;
      let asn: string | undefined;
      for (const c of children(userInformation, ext)) {
        if (c.cls === TagClass.Universal && c.tagNumber === Universal.ObjectIdentifier) asn = decodeOid(userInformation, c);
        else if (c.cls === TagClass.Context && c.tagNumber === 0 && asn === MAP_DIALOGUE_AS) {
          const r = decodeArg(DIALOGUE_PDU, userInformation.subarray(c.valueStart, c.valueEnd));
          return r.ok ? r.fields : { ...r.fields, error: r.error };
        }
      }
    }
  } catch (e) {
    if (isBerError(e)) return { error: e.message };
    throw e;
  }
  return undefined;
}

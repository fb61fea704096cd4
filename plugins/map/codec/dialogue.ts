// The MAP dialogue PDU (TS 29.002 §17.1, MAP-DialogueInformation) in the TCAP user-information: an EXTERNAL under
// the MAP dialogue abstract syntax 0.4.0.0.1.1.1.1 holding MAP-DialoguePDU — map-open with the destination and
// origination references, map-accept, map-close, map-refuse (its Reason and alternativeApplicationContext),
// map-userAbort (its MAP-UserAbortChoice) and map-providerAbort (MAP-ProviderAbortReason). JSON form as in the
// anchor: `tcap.map_open.destination_reference_digits`, `map_refuse.reason_name`.
import { BerWriter, TagClass, Universal, children, decodeOid, decodeOidAt, encodeOidContent, isBerError, readTlv } from '../../sigtran/ber/index.js';
import { ANY, choice, CodecError, decodeArg, encodeArg, enm, f, NULL, o, oct, seq, type ArgType, type Ty } from '../../sigtran/codec/index.js';

/** 0.4.0.0.1.1.1.1: map-DialogueAS. */
const MAP_DIALOGUE_AS = '0.4.0.0.1.1.1.1';

const EXTENSIONS = o('extensionContainer', undefined, seq(o('privateExtensionList', 0, ANY), o('pcs-Extensions', 1, ANY)));
/** An untagged OBJECT IDENTIFIER, as the hex of its content (`_oid` gives and reports it dotted). */
const OID: Ty = { k: 'oct', utag: Universal.ObjectIdentifier };

/** Reason (of MAP-RefuseInfo). */
export const REFUSE_REASONS: Readonly<Record<number, string>> = { 0: 'noReasonGiven', 1: 'invalidDestinationReference', 2: 'invalidOriginatingReference' };
/** ResourceUnavailableReason. */
export const RESOURCE_REASONS: Readonly<Record<number, string>> = { 0: 'shortTermResourceLimitation', 1: 'longTermResourceLimitation' };
/** ProcedureCancellationReason. */
export const CANCELLATION_REASONS: Readonly<Record<number, string>> = {
  0: 'handoverCancellation', 1: 'radioChannelRelease', 2: 'networkPathRelease', 3: 'callRelease', 4: 'associatedProcedureFailure', 5: 'tandemDialogueRelease', 6: 'remoteOperationsFailure',
};
/** MAP-ProviderAbortReason. */
export const PROVIDER_ABORT_REASONS: Readonly<Record<number, string>> = { 0: 'abnormalDialogue', 1: 'invalidPDU' };
/** The alternatives of MAP-UserAbortChoice, by tag. */
export const USER_ABORT_CHOICES = ['userSpecificReason', 'userResourceLimitation', 'resourceUnavailable', 'applicationProcedureCancellation'] as const;

const OPEN_INFO = seq(o('destination_reference', 0, oct('addressString')), o('origination_reference', 1, oct('addressString')), EXTENSIONS);
const REFUSE_INFO = seq(f('reason', undefined, enm(REFUSE_REASONS)), EXTENSIONS, o('alternativeApplicationContext', undefined, OID));
const USER_ABORT_INFO = seq(
  f('map-UserAbortChoice', undefined, choice(f(USER_ABORT_CHOICES[0], 0, NULL), f(USER_ABORT_CHOICES[1], 1, NULL), f(USER_ABORT_CHOICES[2], 2, enm(RESOURCE_REASONS)), f(USER_ABORT_CHOICES[3], 3, enm(CANCELLATION_REASONS)))),
  EXTENSIONS,
);
const PROVIDER_ABORT_INFO = seq(f('map-ProviderAbortReason', undefined, enm(PROVIDER_ABORT_REASONS)), EXTENSIONS);
const DIALOGUE_PDU: ArgType = {
  ty: choice(f('map_open', 0, OPEN_INFO), f('map_accept', 1, seq(EXTENSIONS)), f('map_close', 2, seq(EXTENSIONS)), f('map_refuse', 3, REFUSE_INFO), f('map_userAbort', 4, USER_ABORT_INFO), f('map_providerAbort', 5, PROVIDER_ABORT_INFO)),
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `alternativeApplicationContext_oid` (dotted) to the hex of the OID's content. */
function oidIn(pdu: Obj): Obj {
  const r = pdu.map_refuse;
  if (!isObj(r) || r.alternativeApplicationContext_oid === undefined) return pdu;
  const { alternativeApplicationContext_oid: dotted, ...rest } = r;
  try {
    return { ...pdu, map_refuse: { ...rest, alternativeApplicationContext: Buffer.from(encodeOidContent(String(dotted))).toString('hex') } };
  } catch (e) {
    throw new CodecError(`map_refuse.alternativeApplicationContext_oid: ${(e as Error).message}`);
  }
}

/** The dotted form of a decoded alternativeApplicationContext beside its hex. */
function oidOut(pdu: Obj): Obj {
  const r = pdu.map_refuse;
  if (isObj(r) && typeof r.alternativeApplicationContext === 'string') {
    const b = Buffer.from(r.alternativeApplicationContext, 'hex');
    try {
      r.alternativeApplicationContext_oid = decodeOidAt(b, 0, b.length);
    } catch (e) {
      if (!isBerError(e)) throw e;
    }
  }
  return pdu;
}

/**
 * The user-information (content of `[30]`: one EXTERNAL) for a MAP-DialoguePDU given in the flattened form,
 * e.g. `{ map_open: { destination_reference_digits: '4912345' } }`, `{ map_refuse: { reason: 'noReasonGiven' } }`.
 * Throws CodecError naming the field.
 */
export function encodeMapDialogue(pdu: Record<string, unknown>): Uint8Array {
  const inner = encodeArg(DIALOGUE_PDU, oidIn(pdu));
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
          return r.ok ? oidOut(r.fields) : { ...oidOut(r.fields), error: r.error };
        }
      }
    }
  } catch (e) {
    if (isBerError(e)) return { error: e.message };
    throw e;
  }
  return undefined;
}

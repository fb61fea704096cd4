// The MAP-DialoguePDU (plugins/map/codec/dialogue.ts) from bytes written by hand from TS 29.002's
// MAP-DialogueInformation module (not by our encoder), and our encoding of the same values byte for byte.
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { decodeMapDialogue, encodeMapDialogue } from '../../../../plugins/map/codec/dialogue.js';
import '../../../../plugins/map/contexts.js';
import { resolveAc } from '../../../../plugins/sigtran/api.js';
import { BerWriter } from '../../../../plugins/sigtran/ber/index.js';
import { encodeTcap } from '../../../../plugins/sigtran/tcap/codec.js';
import { needsTool } from '../../../helpers/tools.js';
import { decode } from '../helpers/tshark.js';

/** EXTERNAL { direct-reference map-DialogueAS (0.4.0.0.1.1.1.1), single-ASN1-type [0] <pdu> }. */
const external = (pdu: string) => {
  const inner = `a0${(pdu.length / 2).toString(16).padStart(2, '0')}${pdu}`;
  const body = `060704000001010101${inner}`;
  return Buffer.from(`28${(body.length / 2).toString(16).padStart(2, '0')}${body}`, 'hex');
};

const VECTORS: Array<[string, string, Record<string, unknown>]> = [
  // map-refuse [3] { reason invalidOriginatingReference(2), alternativeApplicationContext 0.4.0.0.1.0.20.2 }
  ['map-refuse with an alternative AC', 'a30c0a0102060704000001001402', { map_refuse: { reason: 2, reason_name: 'invalidOriginatingReference', alternativeApplicationContext_oid: '0.4.0.0.1.0.20.2' } }],
  // map-userAbort [4] { map-UserAbortChoice applicationProcedureCancellation [3] tandemDialogueRelease(5) }
  ['map-userAbort applicationProcedureCancellation', 'a4038301 05'.replace(' ', ''), { map_userAbort: { 'map-UserAbortChoice': { applicationProcedureCancellation: 5, applicationProcedureCancellation_name: 'tandemDialogueRelease' } } }],
  // map-userAbort [4] { map-UserAbortChoice userResourceLimitation [1] NULL }
  ['map-userAbort userResourceLimitation', 'a4028100', { map_userAbort: { 'map-UserAbortChoice': { userResourceLimitation: 1 } } }],
  // map-providerAbort [5] { map-ProviderAbortReason abnormalDialogue(0) }
  ['map-providerAbort', 'a5030a0100', { map_providerAbort: { 'map-ProviderAbortReason': 0, 'map-ProviderAbortReason_name': 'abnormalDialogue' } }],
  // map-close [2] {}
  ['map-close', 'a200', { map_close: {} }],
];

describe('MAP-DialoguePDU', () => {
  for (const [name, pdu, want] of VECTORS) {
    test(`${name}: decoded from hand-written bytes, and encoded to them`, () => {
      const got = decodeMapDialogue(external(pdu)) as Record<string, Record<string, unknown>>;
      for (const [alt, fields] of Object.entries(want)) {
        for (const [k, v] of Object.entries(fields as Record<string, unknown>)) assert.deepEqual(got[alt]?.[k], v, `${alt}.${k} in ${JSON.stringify(got)}`);
      }
      assert.equal(Buffer.from(encodeMapDialogue(want)).toString('hex'), external(pdu).toString('hex'));
    });
  }

  test('a bad reason or OID is refused naming the field; truncated bytes decode to an error', () => {
    assert.throws(() => encodeMapDialogue({ map_refuse: { reason: 'tooLate' } }), /reason: unknown name "tooLate"/);
    assert.throws(() => encodeMapDialogue({ map_refuse: { reason: 0, alternativeApplicationContext_oid: 'x.y' } }), /alternativeApplicationContext_oid/);
    // map-refuse says 12 octets, 11 follow
    assert.equal(typeof decodeMapDialogue(external('a30c0a0102060704000001'))?.error, 'string');
    assert.equal(typeof decodeMapDialogue(Buffer.from('2810060704000001010101a005a403', 'hex'))?.error, 'string');
  });

  test('tshark decodes the empty Begin (AARQ with the MAP-OPEN, no components) and the empty Continue (AARE) of annex C.2.1', needsTool('tshark', 'apt-get install tshark'), () => {
    const ac = resolveAc('sri_sm3')!;
    const cap = decode([
      encodeTcap(new BerWriter(), { kind: 'begin', otid: 0x01020304, dialogue: { type: 'aarq', ac, userInformation: encodeMapDialogue({ map_open: { destination_reference_digits: '262011234567890' } }) }, components: [] }),
      encodeTcap(new BerWriter(), { kind: 'continue', otid: 0x05060708, dtid: Uint8Array.of(1, 2, 3, 4), dialogue: { type: 'aare', ac, result: 0, diagSource: 'user', diag: 0 }, components: [] }),
    ]);
    assert.equal(cap.expert, 0, cap.text());
    assert.deepEqual(cap.fields(0, ['tcap.application_context_name', 'gsm_map.dialogue.destinationReference']), { 'tcap.application_context_name': ac.oid, 'gsm_map.dialogue.destinationReference': '91:62:02:11:32:54:76:98:f0' });
    assert.deepEqual(cap.fields(1, ['tcap.application_context_name', 'tcap.result']), { 'tcap.application_context_name': ac.oid, 'tcap.result': '0' });
    assert.doesNotMatch(cap.text(), /components:/);
  });
});

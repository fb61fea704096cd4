// MAP-CommonDataTypes and MAP-ExtensionDataTypes (TS 29.002 §17.7.8, §17.7.11) as the other modules of this folder
// use them: addresses, identities, basic service codes. IMPLICIT TAGS; an untagged field (U) carries the universal
// tag of its type.
import { ANY, OCT, choice, f, o, oct, seq, size, type Ty } from '../../../sigtran/codec/index.js';

export const U = undefined;
/** ISDN-AddressString / AddressString: TON/NPI octet + TBCD digits (`X_digits`, `X_noa`, `X_npi`). */
export const ISDN = oct('addressString');
/** IMSI and the other TBCD-STRINGs (`X_digits`). */
export const IMSI = oct('tbcd');
/** IMEI ::= TBCD-STRING (SIZE (8)): 15 digits and a filler, or the 16 of an IMEISV. */
export const IMEI = size(oct('tbcd'), 8);
export const LMSI = size(OCT, 4);
/** ExtensionContainer (MAP-ExtensionDataTypes), its lists as hex. */
export const EXT: Ty = seq(o('privateExtensionList', 0, ANY), o('pcs-Extensions', 1, ANY));
/** SS-Code, SS-Status, Ext-SS-Status: one octet (TS 29.002 MAP-SS-Code; TS 24.080), as hex. */
export const SS_CODE = size(OCT, 1);
/** BasicServiceCode / Ext-BasicServiceCode: a bearer service [2] or teleservice [3] code (MAP-BS-Code, MAP-TS-Code) as hex. */
export const BasicServiceCode = choice(f('bearerService', 2, OCT), f('teleservice', 3, OCT));
export const ExtBasicServiceCode = choice(f('ext-BearerService', 2, OCT), f('ext-Teleservice', 3, OCT));
/** Identity ::= CHOICE { imsi IMSI, imsi-WithLMSI IMSI-WithLMSI }. */
export const Identity = choice(f('imsi', U, IMSI), f('imsi-WithLMSI', U, seq(f('imsi', U, IMSI), f('lmsi', U, LMSI))));
export const SubscriberIdentity = choice(f('imsi', 0, IMSI), f('msisdn', 1, ISDN));
/** CellGlobalIdOrServiceAreaIdOrLAI: a 7-octet cell global id / service area id, or a 5-octet LAI (TS 23.003). */
export const CellIdOrLai = choice(f('cellGlobalIdOrServiceAreaIdFixedLength', 0, oct('cgi')), f('laiFixedLength', 1, oct('lai')));

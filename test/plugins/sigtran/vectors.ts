// Byte vectors shared by the codec tests (from protocols.md §1.2, §1.8, §1.9 and the tshark-verified recipe
// output for a CAP v2 InitialDP in TCAP Begin / SCCP UDT / M3UA DATA).
import { fromHex } from '../../../plugins/sigtran/ber/index.js';

/** M3UA DATA (RC 1, OPC 1, DPC 2, SI 3, NI 2, SLS 0) / UDT class 0 PC+SSN 146 / Begin otid 00000001, CAP v2. */
export const CAP_DATA = fromHex(`
01 00 01 01 00 00 00 84 00 06 00 08 00 00 00 01
02 10 00 71 00 00 00 01 00 00 00 02 03 02 00 00
09 00 03 07 0b 04 43 02 00 92 04 43 01 00 92 51
62 4f 48 04 00 00 00 01 6b 1e 28 1c 06 07 00 11
86 05 01 01 01 a0 11 60 0f 80 02 07 80 a1 09 06
07 04 00 00 01 00 32 01 6c 27 a1 25 02 01 01 02
01 00 30 1d 80 01 64 82 08 84 10 13 16 32 54 76
08 83 08 84 13 13 02 21 43 65 07 85 01 0a 9c 01
03 00 00 00`);

/** The TCAP Begin inside CAP_DATA. */
export const CAP_BEGIN = CAP_DATA.subarray(0x30, 0x30 + 0x51);
/** The InitialDPArg inside it. */
export const IDP_ARG = fromHex('301d800164820884101316325476088308841313022143650785010a9c0103');

/** ASPAC, loadshare, RC 1 (protocols.md §1.9). */
export const ASPAC = fromHex('01 00 04 01 00 00 00 18 00 0B 00 08 00 00 00 02 00 06 00 08 00 00 00 01');

/** Called address: route on GT, GTI 4, SSN 146, 491710000001; and route on SSN, PC 1234, SSN 146 (§1.8). */
export const ADDR_GT = fromHex('12 92 00 12 04 94 71 01 00 00 10');
export const ADDR_SSN = fromHex('43 D2 04 92');

// What SUA reads of an ERR's diagnostic information (../ua/faults.ts decides what the ERR ends): the head of one of
// our CLDTs names its dialogue by the TCAP transaction id in its data, or its destination's point code and its
// sequence control (the dialogue's SLS), as far as the head goes. RFC 3868 asks for the first 40 octets, which end
// inside the source address: such an ERR names no dialogue, and ends them only when it is about a route (as M3UA's).
import { headOtid } from '../tcap/codec.js';
import { diagnosticParams, type Diagnosed } from '../ua/faults.js';
import { decodeSuaAddress } from './address.js';
import { ClType, Param, SuaClass } from './constants.js';

/** The point code of a destination address, when it is whole and has one. */
function pointCode(address: Uint8Array | undefined): number | undefined {
  if (!address) return undefined;
  try {
    return decodeSuaAddress(address).pc;
  } catch {
    return undefined; // cut short, or not one we could have sent
  }
}

/** Our transaction id in the CLDT whose head `diag` is, else its destination point code and sequence control. */
export function diagnoseSua(diag: Uint8Array | undefined): Diagnosed | undefined {
  const params = diagnosticParams(diag, SuaClass.CL, ClType.CLDT);
  if (!params) return undefined;
  const data = params.get(Param.Data);
  const tid = data && headOtid(data);
  if (tid !== undefined) return { tid }; // the dialogue itself
  const out: Diagnosed = {};
  const dpc = pointCode(params.get(Param.DestinationAddress));
  if (dpc !== undefined) out.dpc = dpc;
  const sequence = params.get(Param.SequenceControl);
  if (sequence?.length === 4) out.sls = sequence[3]!;
  return out.dpc !== undefined || out.sls !== undefined ? out : undefined;
}

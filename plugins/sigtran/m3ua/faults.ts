// What M3UA reads of an ERR's diagnostic information (../ua/faults.ts decides what the ERR ends): the first 40
// octets of our DATA, as osmo-stp and we send them, hold the routing label, whose DPC and SLS name the dialogues.
import type { Diagnosed } from '../ua/faults.js';
import { diagnosticParams } from '../ua/faults.js';
import { M3uaClass, Param, TransferType } from './constants.js';

/** The routing label's length (OPC, DPC, SI NI MP SLS). */
const LABEL = 12;

/** The DPC and SLS of the DATA message whose head `diag` is, if it holds that far; undefined otherwise. */
export function diagnoseM3ua(diag: Uint8Array | undefined): Diagnosed | undefined {
  const pd = diagnosticParams(diag, M3uaClass.TRANSFER, TransferType.DATA)?.get(Param.ProtocolData);
  if (!pd || pd.length < LABEL) return undefined;
  return { dpc: ((pd[4]! << 24) | (pd[5]! << 16) | (pd[6]! << 8) | pd[7]!) >>> 0, sls: pd[11]! };
}

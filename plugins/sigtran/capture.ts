// A captured M3UA or SUA message down to its TCAP message, for importers of captures (exported to dependent
// plugins): the routing label or SUA addresses, the SCCP addresses and the decoded TCAP message with its dialogue
// portion's application context. Management messages are told apart from user data; faults are reported as text.
import type { JsonObject } from '../../sdk/index.js';
import type { Component, SccpAddress } from './api.js';
import { decodeM3ua } from './m3ua/codec.js';
import { decodeSccp } from './sccp/codec.js';
import { decodeSua } from './sua/codec.js';
import { decodeSuaAddress } from './sua/address.js';
import { decodeTcap, tidNumber, type TcapKind } from './tcap/codec.js';

export interface CapturedTcap {
  opc?: number;
  dpc?: number;
  called: SccpAddress;
  calling: SccpAddress;
  kind: TcapKind;
  otid?: number;
  dtid?: number;
  /** The dotted OID of the dialogue portion's application context (AARQ or AARE), when there is one. */
  acOid?: string;
  /** A P-Abort's cause; a U-Abort carries an ABRT dialogue portion. */
  pAbortCause?: number;
  components: Component[];
}

/**
 * A captured component as its TCAP user names it: the message name (an operation, its Result or its Error) with its
 * decoded fields, how to encode fields back to the parameter (undefined: it has none), the parameter as captured.
 */
export interface ImportedComponent {
  name: string;
  fields: JsonObject;
  encode?: (fields: JsonObject) => Uint8Array | undefined;
  bytes?: Uint8Array;
  error?: string;
  /** What a receive checks when it differs from `fields` (an error's code by number and by name, as decoded). */
  received?: JsonObject;
}

/** What a captured message is: TCAP user data, a management message (named by class and type), or a fault. */
export type Captured = { tcap: CapturedTcap } | { management: string } | { fault: string };

const M3UA_TRANSFER = 1;
const SUA_CL = 7;

export function decodeCaptured(bytes: Uint8Array, adaptation: 'm3ua' | 'sua', pcBits: 14 | 24 = 14): Captured {
  try {
    if (adaptation === 'm3ua') {
      const m = decodeM3ua(bytes);
      if (m.cls !== M3UA_TRANSFER || !m.protocolData) return { management: `M3UA class ${m.cls} type ${m.type}` };
      const pd = m.protocolData;
      if (pd.si !== 3) return { management: `M3UA DATA for service indicator ${pd.si}` };
      const s = decodeSccp(pd.data, pcBits);
      if (s.segmentation) return { fault: 'a segmented XUDT (SCCP segments are not reassembled)' };
      return { tcap: { opc: pd.opc, dpc: pd.dpc, ...tcapOf(s.data, s.called, s.calling) } };
    }
    const m = decodeSua(bytes);
    if (m.cls !== SUA_CL || !m.data || !m.source || !m.destination) return { management: `SUA class ${m.cls} type ${m.type}` };
    if (m.segmentation) return { fault: 'a segmented CLDT (segments are not reassembled)' };
    return { tcap: tcapOf(m.data, decodeSuaAddress(m.destination), decodeSuaAddress(m.source)) };
  } catch (e) {
    return { fault: (e as Error).message };
  }
}

function tcapOf(data: Uint8Array, called: SccpAddress, calling: SccpAddress): Omit<CapturedTcap, 'opc' | 'dpc'> {
  const t = decodeTcap(data);
  const d = t.dialogue;
  return {
    called,
    calling,
    kind: t.kind,
    ...(t.otid ? { otid: tidNumber(t.otid) } : {}),
    ...(t.dtid ? { dtid: tidNumber(t.dtid) } : {}),
    ...(d && d.type !== 'abrt' ? { acOid: d.ac.oid } : {}),
    ...(t.pAbortCause !== undefined ? { pAbortCause: t.pAbortCause } : {}),
    components: t.components,
  };
}

// The hlr-sim HLR's location management (TS 23.012, TS 29.002 §8.1, §19.1): the VLR's UpdateLocation and RestoreData
// and the SGSN's UpdateGprsLocation each get the subscriber's profile in an InsertSubscriberData within the dialogue
// (a Continue), then the result with the HLR number. A location update from a new VLR cancels the location in the
// old one; a subscriber back with message waiting data gets its service centres alerted (network.ts).
import { mapOperation } from '../catalogue.js';
import { encodeMessage } from '../codec/message.js';
import { gprsInsertSubscriberData, insertSubscriberData } from './data.js';
import type { Answering, Opening } from './hlr.js';
import type { Subscriber } from './script.js';

type Obj = Record<string, unknown>;

const DETACHED = ['msPurged', 'imsiDetached', 'notRegistered'];
const ABSENT = [...DETACHED, 'restrictedArea'];

/** InsertSubscriberData (the dialogue's version) in a Continue, and its result awaited. */
async function insertData(a: Answering, o: Opening, data: Obj): Promise<void> {
  const d = o.m.dialogue;
  const isd = mapOperation('InsertSubscriberData')!;
  const id = d.invoke({ opcode: isd.versions[3]!.opcode, argument: encodeMessage(isd, 'invoke', Math.max(o.version, 2), data) });
  d.send();
  const reply = await d.receive({ timeoutMs: a.timeoutMs });
  const c = reply.components[0];
  if (reply.kind !== 'continue' || c?.type !== 'returnResult' || c.invokeId !== id) {
    if (d.state !== 'ended') d.abort();
    throw new Error(`${o.op.name}: expected the InsertSubscriberData result, got TCAP ${reply.kind}${c ? ` with ${c.type}` : ''}`);
  }
}

/** The VLR's location update: the subscriber moves to the VLR, gets its profile (v2/v3), and the result closes the
 *  dialogue with the HLR number. Then the old VLR's location is cancelled (unless the subscriber was purged from
 *  it: it holds no record) and waiting service centres are alerted. */
export async function updateLocation(a: Answering, o: Opening, s: Subscriber): Promise<void> {
  const old = s.vlr;
  const purged = s.state === 'msPurged';
  if (typeof o.arg['vlr-Number_digits'] === 'string') s.vlr = o.arg['vlr-Number_digits'];
  if (DETACHED.includes(s.state)) s.state = 'assumedIdle';
  if (o.version >= 2) await insertData(a, o, insertSubscriberData(s));
  a.answer(o.m.dialogue, o.op, o.version, o.invokeId, { 'hlr-Number_digits': a.script.hlr_number });
  if (old !== s.vlr && !purged) await a.network.cancelLocation(s, old, o.version);
  if (s.mwd?.length) await a.network.alertServiceCentres(s);
}

/** The SGSN's GPRS location update: the SGSN number stored, the GPRS subscription (PDP contexts) inserted, then
 *  the result with the HLR number. */
export async function updateGprsLocation(a: Answering, o: Opening, s: Subscriber): Promise<void> {
  if (typeof o.arg['sgsn-Number_digits'] === 'string') s.sgsn = o.arg['sgsn-Number_digits'];
  await insertData(a, o, gprsInsertSubscriberData(s));
  a.answer(o.m.dialogue, o.op, o.version, o.invokeId, { 'hlr-Number_digits': a.script.hlr_number });
}

/** A VLR restarting restores the subscriber's data: the profile inserted, then the HLR number and, for a subscriber
 *  the HLR knows absent (detached, purged) or with messages waiting, msNotReachable. */
export async function restoreData(a: Answering, o: Opening, s: Subscriber): Promise<void> {
  await insertData(a, o, insertSubscriberData(s));
  const notReachable = ABSENT.includes(s.state) || (s.mwd?.length ?? 0) > 0;
  a.answer(o.m.dialogue, o.op, o.version, o.invokeId, { 'hlr-Number_digits': a.script.hlr_number, ...(notReachable ? { msNotReachable: 1 } : {}) });
}

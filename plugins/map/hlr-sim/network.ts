// The hlr-sim HLR's own Begins (TS 23.012, TS 23.040): when a subscriber registers in a new VLR it cancels the
// location in the old one (CancelLocation), and when a subscriber with message waiting data is back (ReadyForSM,
// UpdateLocation) it alerts each service centre waiting to deliver (AlertServiceCentre). They go to the peer's point
// code (the tester's) at the VLR's or SMSC's SSN; the dialogue waits for the answer, and a peer that does not answer
// is logged and counted, never the subscriber's own dialogue's failure.
import { resolveAc, type SigtranGateway } from '../../sigtran/api.js';
import { defaultAc, mapOperation } from '../catalogue.js';
import { encodeMessage } from '../codec/message.js';
import type { Subscriber } from './script.js';

/** SSNs of TS 23.003 §8.2 the HLR calls: the VLR and the MSC (the SMSC's interworking MSC). */
const VLR_SSN = 7;
const MSC_SSN = 8;

export interface NetworkStats {
  /** CancelLocation answered by the old VLR. */
  cancels: number;
  /** AlertServiceCentre answered by the service centre. */
  alerts: number;
  /** Own Begins not answered with a result (no answer in time, an error, an abort). */
  originate_failed: number;
}

type Obj = Record<string, unknown>;

export class HlrNetwork {
  constructor(
    private readonly gw: SigtranGateway,
    private readonly timeoutMs: number,
    private readonly log: (t: string) => void,
    private readonly stats: NetworkStats,
  ) {}

  /** CancelLocation (updateProcedure) to the VLR the subscriber left, in the location update's version. */
  async cancelLocation(s: Subscriber, oldVlr: string, version: number): Promise<void> {
    const v = Math.min(Math.max(version, 1), 3);
    const fields = v >= 3 ? { identity: { imsi_digits: s.imsi }, cancellationType: 'updateProcedure' } : { imsi_digits: s.imsi };
    if (await this.invoke('CancelLocation', v, VLR_SSN, fields, `old VLR ${oldVlr}`)) this.stats.cancels++;
  }

  /** AlertServiceCentre (v2) to each service centre of the message waiting data; answered ones leave it. */
  async alertServiceCentres(s: Subscriber): Promise<void> {
    for (const sc of s.mwd ?? []) {
      if (!(await this.invoke('AlertServiceCentre', 2, MSC_SSN, { msisdn_digits: s.msisdn, serviceCentreAddress_digits: sc }, `service centre ${sc}`))) continue;
      this.stats.alerts++;
      s.mwd = s.mwd?.filter((x) => x !== sc);
    }
  }

  /** One invoke in a Begin to the peer; true when a result came back. */
  private async invoke(name: string, version: number, ssn: number, fields: Obj, to: string): Promise<boolean> {
    const op = mapOperation(name)!;
    const d = this.gw.openDialogue({ called: { ri: 'ssn', pc: this.gw.config.dpc, ssn }, ac: resolveAc(defaultAc(op, version)) });
    try {
      d.invoke({ opcode: op.versions[version]!.opcode, argument: encodeMessage(op, 'invoke', version, fields) });
      d.send();
      const m = await d.receive({ timeoutMs: this.timeoutMs });
      const c = m.components[0];
      if (c?.type === 'returnResult') return true;
      throw new Error(`got TCAP ${m.kind}${c ? ` with ${c.type}` : ''}`);
    } catch (e) {
      this.stats.originate_failed++;
      this.log(`hlr-sim: ${name} to the ${to}: ${(e as Error).message}`);
      return false;
    } finally {
      if (d.state !== 'ended') d.close();
    }
  }
}

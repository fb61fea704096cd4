// The SCCP addresses of a gateway's dialogues: our calling address (from the instance), the called address of a
// run (its `scp` parameter over the instance's `remote`), their encodings, and the MTP3 point codes that follow.
import type { OpenDialogueOptions, SccpAddress, ScpParams, SigtranInstanceConfig } from '../api.js';
import { SigtranError } from '../errors.js';
import { SccpError, encodeAddress } from '../sccp/address.js';
import type { DialogueEnds, DialogueSetup } from '../tcap/dialogue-ends.js';

/** The called address for a run: ExecuteTest `scp` values over the instance's `remote` (spec default for dri). */
export function calledFromScp(scp: ScpParams | undefined, base: SigtranInstanceConfig['remote'] = {}): SccpAddress {
  const s = scp ?? {};
  const pc = s.dpc ?? base.pc;
  const ssn = s.dssn ?? base.ssn;
  let gt = base.gt;
  if (s.dgt_digits !== undefined && s.dgt_digits !== '') {
    gt = { gti: 4, digits: s.dgt_digits, tt: s.dgt_tt ?? base.gt?.tt ?? 0, np: s.dgt_np ?? base.gt?.np ?? 1, nai: s.dgt_noa ?? base.gt?.nai ?? 4 };
  } else if (gt && (s.dgt_tt !== undefined || s.dgt_np !== undefined || s.dgt_noa !== undefined)) {
    gt = { ...gt, tt: s.dgt_tt ?? gt.tt, np: s.dgt_np ?? gt.np, nai: s.dgt_noa ?? gt.nai };
  }
  let ri: 'gt' | 'ssn';
  if (s.dri !== undefined) ri = s.dri === 1 ? 'ssn' : 'gt';
  else if (base.ri !== undefined && s.dpc === undefined && s.dssn === undefined && s.dgt_digits === undefined) ri = base.ri;
  else ri = pc !== undefined && ssn !== undefined ? 'ssn' : 'gt';
  const a: SccpAddress = { ri };
  if (pc !== undefined) a.pc = pc;
  if (ssn !== undefined) a.ssn = ssn;
  if (gt) a.gt = gt;
  if (ri === 'gt' && !gt) {
    throw new SigtranError(
      'encode',
      pc !== undefined || ssn !== undefined
        ? 'the SCP address routes on GT (scp.dri 0, or dpc and dssn not both given) but has no global title: give scp.dgt_digits, or scp.dpc and scp.dssn'
        : 'no SCP address: give scp.dpc and scp.dssn, or scp.dgt_digits (or configure remote in plugins.json)',
    );
  }
  if (ri === 'ssn' && ssn === undefined) throw new SigtranError('encode', 'the SCP address routes on SSN (scp.dri 1) but has no scp.dssn');
  return a;
}

interface Encoded {
  addr: SccpAddress;
  enc: Uint8Array;
  /** The ends of the dialogues to it from our own address, shared by them; made with the first. */
  ends?: DialogueEnds;
}

export class DialogueAddresses {
  /** Our address (calling address of outbound Begins), and its encoding. */
  readonly local: SccpAddress;
  private readonly localEnc: Uint8Array;
  /**
   * The called address made from a run's `scp` parameter and its encoding, once per parameter object (every
   * instance of a run passes the same): not an address and its bytes per dialogue. Read only, as the dialogues
   * use them (a dialogue whose peer answers from another address gets new ones).
   */
  private readonly calledByScp = new WeakMap<ScpParams, Encoded>();
  private calledNoScp: Encoded | undefined;

  constructor(private readonly config: SigtranInstanceConfig) {
    const ri = config.callingRi ?? (config.gt ? 'gt' : 'ssn');
    this.local = { ri, pc: config.opc, ssn: config.ssn, ...(config.gt ? { gt: config.gt } : {}) };
    try {
      this.localEnc = encodeAddress(this.local, config.pointCodeBits);
    } catch (e) {
      throw new Error(`sigtran instance '${config.name}': bad local address: ${(e as Error).message}`);
    }
  }

  called(scp?: ScpParams): SccpAddress {
    return calledFromScp(scp, this.config.remote);
  }

  /** The called address of `scp`, encoded: throws SigtranError 'encode' for one that cannot be. */
  private encoded(scp: ScpParams | undefined): Encoded {
    try {
      return this.calledFor(scp);
    } catch (e) {
      if (e instanceof SccpError) throw new SigtranError('encode', `bad SCCP address: ${e.reason}`);
      throw e;
    }
  }

  private calledFor(scp: ScpParams | undefined): Encoded {
    let c = scp ? this.calledByScp.get(scp) : this.calledNoScp;
    if (!c) {
      const addr = this.called(scp);
      c = { addr, enc: encodeAddress(addr, this.config.pointCodeBits) };
      if (scp) this.calledByScp.set(scp, c);
      else this.calledNoScp = c;
    }
    return c;
  }

  /**
   * A new outbound dialogue's addresses and point codes: to `opts.called` or the run's `scp`, from `opts.calling` or
   * ours. The DPC is the called PC when routing on SSN, else the instance's (the STP). SigtranError 'encode' for an
   * address that cannot be encoded.
   */
  outbound(opts: OpenDialogueOptions): DialogueSetup {
    const ac = opts.ac ?? null;
    if (!opts.called && !opts.calling) {
      const c = this.encoded(opts.scp);
      return { state: 'idle', ac, ends: (c.ends ??= this.ends(this.local, c.addr, this.localEnc, c.enc)) };
    }
    const calling = opts.calling ?? this.local;
    let called: SccpAddress;
    let calledEnc: Uint8Array;
    let callingEnc: Uint8Array;
    try {
      if (opts.called) {
        called = opts.called;
        calledEnc = encodeAddress(called, this.config.pointCodeBits);
      } else {
        const c = this.calledFor(opts.scp);
        called = c.addr;
        calledEnc = c.enc;
      }
      callingEnc = opts.calling ? encodeAddress(calling, this.config.pointCodeBits) : this.localEnc;
    } catch (e) {
      if (e instanceof SccpError) throw new SigtranError('encode', `bad SCCP address: ${e.reason}`);
      throw e;
    }
    return { state: 'idle', ac, ends: this.ends(calling, called, callingEnc, calledEnc) };
  }

  /** The DPC is the called PC when routing on SSN, else the instance's (the STP). */
  private ends(local: SccpAddress, remote: SccpAddress, localEnc: Uint8Array, remoteEnc: Uint8Array): DialogueEnds {
    const dpc = remote.ri === 'ssn' && remote.pc !== undefined ? remote.pc : this.config.dpc;
    return { local, remote, localEnc, remoteEnc, opc: local.pc ?? this.config.opc, dpc };
  }
}

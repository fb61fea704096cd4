// Reassembly of XUDT segments (Q.714 §4.1.2.2): the segments of one message share the calling address and a local
// reference and arrive in order (class 1); a segment out of sequence drops what was collected of its message.
import { toHex } from '../ber/hex.js';
import type { SccpMessage } from './codec.js';
import type { LogFn } from './service.js';

/** Past this many messages in progress, expired ones are swept on each segment; at the limit a first segment is dropped. */
const SWEEP_ABOVE = 100;
const MAX_IN_PROGRESS = 1000;

interface InProgress {
  parts: Uint8Array[];
  /** The segments-remaining value of the last segment taken (the next one must carry one less). */
  remaining: number;
  expires: number;
}

export class Reassembly {
  private readonly messages = new Map<string, InProgress>();

  /**
   * @param timeoutMs how long the segments of one message are kept
   * @param now the clock (ms); tests pass their own
   */
  constructor(
    private readonly timeoutMs: number,
    private readonly log: LogFn,
    private readonly now: () => number = Date.now,
  ) {}

  /** Messages whose first segment arrived and last not yet. */
  get inProgress(): number {
    return this.messages.size;
  }

  /**
   * Take the segment `s` (it has a segmentation parameter) from `peer`: the whole user data when it was the last
   * one, otherwise undefined (collected, or dropped: out of sequence, or too many messages in progress).
   */
  add(s: Pick<SccpMessage, 'segmentation' | 'callingRaw' | 'data'>, peer: string): Uint8Array | undefined {
    const seg = s.segmentation!;
    const key = `${toHex(s.callingRaw)}/${seg.reference}`;
    const now = this.now();
    if (this.messages.size > SWEEP_ABOVE) this.sweep(now);
    let m = this.messages.get(key);
    if (seg.first) {
      if (this.messages.size >= MAX_IN_PROGRESS) {
        this.log('warn', `XUDT segment from ${peer} dropped: too many reassemblies in progress`);
        return undefined;
      }
      m = { parts: [], remaining: seg.remaining, expires: now + this.timeoutMs };
      this.messages.set(key, m);
    } else if (!m || seg.remaining !== m.remaining - 1) {
      this.log('warn', `XUDT segment from ${peer} (reference ${seg.reference}, ${seg.remaining} remaining) out of sequence: dropped`);
      this.messages.delete(key);
      return undefined;
    } else {
      m.remaining = seg.remaining;
    }
    m.parts.push(new Uint8Array(s.data));
    if (seg.remaining > 0) return undefined;
    this.messages.delete(key);
    return Buffer.concat(m.parts);
  }

  private sweep(now: number): void {
    for (const [key, m] of this.messages) if (m.expires < now) this.messages.delete(key);
  }
}

// SCCP segmentation (Q.714 §4.1.1.2): user data whose UDT/XUDT would not fit an MTP3 SIF goes in up to 16 XUDT
// segments, each with the segmentation parameter (first-segment flag, segments remaining, one local reference).
import { SigtranError } from '../errors.js';
import { MAX_SCCP_MESSAGE, MAX_VARIABLE_LENGTH, sccpLength, xudtSegmentLength, type UnitdataHeader } from './codec.js';

/** The segments-remaining field has 4 bits: a message has 16 segments at most. */
export const MAX_SEGMENTS = 16;
/** A segment shorter than this means the addresses leave no useful room: such a message is refused. */
const MIN_SEGMENT = 16;
const REFERENCE_MASK = 0xffffff;

/** Whether `dataLength` octets fit one UDT/XUDT under `h` (otherwise they go in segments). */
export function fitsOneMessage(h: UnitdataHeader, dataLength: number): boolean {
  return dataLength <= MAX_VARIABLE_LENGTH && sccpLength(h, dataLength) <= MAX_SCCP_MESSAGE;
}

/** How user data is cut: octets per segment (the last one carries the rest) and the number of segments. */
export interface SegmentPlan {
  readonly size: number;
  readonly count: number;
}

/** The plan for `dataLength` octets under these addresses; SigtranError 'encode' when 16 segments do not hold them. */
export function planSegments(h: Pick<UnitdataHeader, 'called' | 'calling'>, dataLength: number): SegmentPlan {
  const size = Math.min(MAX_VARIABLE_LENGTH, MAX_SCCP_MESSAGE - xudtSegmentLength(h, 0));
  const count = Math.ceil(dataLength / size);
  if (size < MIN_SEGMENT || count > MAX_SEGMENTS) {
    throw new SigtranError('encode', `TCAP message of ${dataLength} octets does not fit 16 XUDT segments of ${size} octets`);
  }
  return { size, count };
}

/** The part of `data` segment `index` carries. */
export function segmentData(data: Uint8Array, plan: SegmentPlan, index: number): Uint8Array {
  return data.subarray(index * plan.size, Math.min(data.length, (index + 1) * plan.size));
}

/** The local references of segmented messages: 24 bits, one per message, counting on from a random start. */
export class SegmentReferences {
  constructor(private last = (Math.random() * REFERENCE_MASK) >>> 0) {}

  next(): number {
    this.last = (this.last + 1) & REFERENCE_MASK;
    return this.last;
  }
}

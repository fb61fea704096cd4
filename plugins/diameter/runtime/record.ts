// Message records for the detailed instance (first_call.messages, --pcap). Decoding for the record happens only
// when ctx.recordsMessages is true.
import type { OperationContext } from '../../../sdk/types.js';
import type { Dictionary } from '../dictionary/dictionary.js';
import { decode, traceFields, type Decoded } from './decoded.js';

export function recordMessage(
  ctx: OperationContext, dict: Dictionary, direction: 'sent' | 'received', bytes: Buffer, peer: string, decoded?: Decoded,
): void {
  if (!ctx.recordsMessages) return;
  let d = decoded;
  if (!d) {
    try {
      d = decode(dict, bytes);
    } catch (e) {
      ctx.message({ direction, protocol: 'diameter', name: 'malformed', fields: { error: (e as Error).message }, bytes, dissector: 'diameter', peer });
      return;
    }
  }
  ctx.message({ direction, protocol: 'diameter', name: d.name, fields: traceFields(d), bytes, dissector: 'diameter', peer });
}

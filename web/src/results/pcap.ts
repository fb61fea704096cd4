// A pcap of the first instance's messages, made in the browser from the record (the bytes of each message the run
// recorded, trace_level 2): the file `tester run --pcap` writes (sdk/pcap.ts), EXPORTED_PDU records (link type 252)
// that name the Wireshark dissector of their bytes, so no fake IP or transport header is needed.
import type { RunRecord } from '../api/types.js';

type Message = NonNullable<RunRecord['first_call']>['messages'][number];

const LINKTYPE_WIRESHARK_UPPER_PDU = 252;
const EXP_PDU_TAG_PROTO_NAME = 12;

/** The messages a pcap can hold: those with bytes and a dissector. */
export function capturable(messages: Message[] | undefined): Array<Message & { hex: string; dissector: string }> {
  return (messages ?? []).filter((m): m is Message & { hex: string; dissector: string } => !!m.hex && !!m.dissector);
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function fileHeader(): Uint8Array<ArrayBuffer> {
  const h = new DataView(new ArrayBuffer(24));
  h.setUint32(0, 0xa1b2c3d4, true);
  h.setUint16(4, 2, true);
  h.setUint16(6, 4, true);
  h.setUint32(16, 262144, true);
  h.setUint32(20, LINKTYPE_WIRESHARK_UPPER_PDU, true);
  return new Uint8Array(h.buffer);
}

function record(m: Message & { hex: string; dissector: string }): Uint8Array<ArrayBuffer> {
  const name = new TextEncoder().encode(m.dissector);
  const bytes = hexBytes(m.hex);
  const padded = (name.length + 3) & ~3;
  const dataLen = 4 + padded + 4 + bytes.length; // proto-name tag, end-of-options tag, the bytes
  const out = new Uint8Array(16 + dataLen);
  const v = new DataView(out.buffer);
  v.setUint32(0, m.time[0], true);
  v.setUint32(4, m.time[1], true);
  v.setUint32(8, dataLen, true);
  v.setUint32(12, dataLen, true);
  v.setUint16(16, EXP_PDU_TAG_PROTO_NAME);
  v.setUint16(18, name.length);
  out.set(name, 20);
  out.set(bytes, 20 + padded + 4); // EXP_PDU_TAG_END_OF_OPT (0, length 0) is the 4 zero bytes before them
  return out;
}

/** The pcap file of the messages that have bytes and a dissector. */
export function pcapOf(messages: Message[] | undefined): Blob {
  return new Blob([fileHeader(), ...capturable(messages).map(record)], { type: 'application/vnd.tcpdump.pcap' });
}

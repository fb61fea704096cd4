// pcap files of EXPORTED_PDU records (link type 252, LINKTYPE_WIRESHARK_UPPER_PDU): each record names the
// Wireshark dissector that decodes its bytes (a name the plugin gives), so no fake IP or transport headers are needed.
import { closeSync, openSync, writeSync } from 'node:fs';

export interface PcapRecord {
  /** Wireshark dissector name, as `tshark -G dissector-tables` / `-G protocols` list them. */
  dissector: string;
  bytes: Uint8Array;
  /** Capture time in ms since the epoch (default now). */
  timeMs?: number;
}

const LINKTYPE_WIRESHARK_UPPER_PDU = 252;
const EXP_PDU_TAG_PROTO_NAME = 12;

export function pcapFileHeader(): Buffer {
  const h = Buffer.alloc(24);
  h.writeUInt32LE(0xa1b2c3d4, 0);
  h.writeUInt16LE(2, 4);
  h.writeUInt16LE(4, 6);
  h.writeInt32LE(0, 8);
  h.writeUInt32LE(0, 12);
  h.writeUInt32LE(262144, 16);
  h.writeUInt32LE(LINKTYPE_WIRESHARK_UPPER_PDU, 20);
  return h;
}

export function pcapRecord(rec: PcapRecord): Buffer {
  const name = Buffer.from(rec.dissector, 'ascii');
  const padded = (name.length + 3) & ~3;
  const tagsLen = 4 + padded + 4; // proto-name tag, end-of-options tag
  const dataLen = tagsLen + rec.bytes.length;
  const out = Buffer.alloc(16 + dataLen);
  const t = rec.timeMs ?? Date.now();
  out.writeUInt32LE(Math.floor(t / 1000), 0);
  out.writeUInt32LE(Math.floor((t % 1000) * 1000), 4);
  out.writeUInt32LE(dataLen, 8);
  out.writeUInt32LE(dataLen, 12);
  let o = 16;
  out.writeUInt16BE(EXP_PDU_TAG_PROTO_NAME, o);
  // the tag's length covers the zero padding (Wireshark reads a name of `length` octets and skips nothing after it)
  out.writeUInt16BE(padded, o + 2);
  name.copy(out, o + 4);
  o += 4 + padded;
  out.writeUInt32BE(0, o); // EXP_PDU_TAG_END_OF_OPT, length 0
  o += 4;
  Buffer.from(rec.bytes.buffer, rec.bytes.byteOffset, rec.bytes.byteLength).copy(out, o);
  return out;
}

/** Write a whole pcap file at once. */
export function writePcap(path: string, records: Iterable<PcapRecord>): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, pcapFileHeader());
    for (const r of records) writeSync(fd, pcapRecord(r));
  } finally {
    closeSync(fd);
  }
}

/** An append-only capture file, for gateways that capture every message they send and receive. */
export class PcapWriter {
  private fd: number | undefined;
  constructor(readonly path: string) {
    this.fd = openSync(path, 'w');
    writeSync(this.fd, pcapFileHeader());
  }
  write(rec: PcapRecord): void {
    if (this.fd !== undefined) writeSync(this.fd, pcapRecord(rec));
  }
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

// Messages out of frames: TCP reassembly (several messages in one segment, one message over many, out of order,
// retransmitted), SCTP DATA chunks (by PPID, retransmissions once, fragments reported), the link layers, and every
// frame not followed reported with its number. text2pcap (Wireshark's) writes the Ethernet/IP/TCP and SCTP frames
// of the interop cases.
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame } from '../../../../plugins/capture/pcap/read.js';
import { readFrames } from '../../../../plugins/capture/pcap/read.js';
import { messagesOf } from '../../../../plugins/capture/pcap/streams.js';
import { needsTool } from '../../../helpers/tools.js';

/** An M3UA-shaped message (version 1, class 1 type 1) of `len` octets whose last octet is `tag`. */
function m3ua(len: number, tag: number): Buffer {
  const b = Buffer.alloc(len);
  b.set([1, 0, 1, 1]);
  b.writeUInt32BE(len, 4);
  b[len - 1] = tag;
  return b;
}

function ipv4(proto: number, payload: Buffer, reverse = false): Buffer {
  const h = Buffer.alloc(20);
  h[0] = 0x45;
  h.writeUInt16BE(20 + payload.length, 2);
  h[8] = 64;
  h[9] = proto;
  h.set([10, 0, 0, reverse ? 2 : 1], 12);
  h.set([10, 0, 0, reverse ? 1 : 2], 16);
  return Buffer.concat([h, payload]);
}

function tcp(seq: number, payload: Buffer, flags = 0x18, sport = 40000, dport = 2905): Buffer {
  const h = Buffer.alloc(20);
  h.writeUInt16BE(sport, 0);
  h.writeUInt16BE(dport, 2);
  h.writeUInt32BE(seq >>> 0, 4);
  h[12] = 0x50;
  h[13] = flags;
  return ipv4(6, Buffer.concat([h, payload]));
}

const ether = (ip: Buffer) => Buffer.concat([Buffer.alloc(12), Buffer.from('0800', 'hex'), ip, Buffer.alloc(6)]); // padded, as short frames are
const frames = (link: number, datas: Buffer[]): Frame[] => datas.map((data, i) => ({ no: i + 1, timeMs: i, linkType: link, data }));
const tags = (ms: Array<{ bytes: Uint8Array }>) => ms.map((m) => m.bytes[m.bytes.length - 1]);

describe('TCP reassembly', () => {
  test('two messages in one segment, one message over three segments, out of order and retransmitted', () => {
    const a = m3ua(16, 0xa1);
    const b = m3ua(12, 0xb2);
    const c = m3ua(40, 0xc3);
    const isn = 0xfffffff0; // the sequence numbers wrap inside the stream
    const s = isn + 1;
    const f = frames(1, [
      ether(tcp(isn, Buffer.alloc(0), 0x02)), // SYN
      ether(tcp(s, Buffer.concat([a, b]))), // a and b in one segment
      ether(tcp(s + 28 + 10, c.subarray(10, 25))), // c's middle, early
      ether(tcp(s + 28, c.subarray(0, 10))), // c's head
      ether(tcp(s + 28, c.subarray(0, 10))), // c's head again (retransmission)
      ether(tcp(s + 28 + 25, c.subarray(25))), // c's tail
    ]);
    const r = messagesOf(f);
    assert.deepEqual(r.skipped, []);
    assert.deepEqual(tags(r.messages), [0xa1, 0xb2, 0xc3]);
    assert.deepEqual(r.messages.map((m) => [m.frame, m.protocol, m.src, m.dst, m.bytes.length]), [[2, 'm3ua', '10.0.0.1:40000', '10.0.0.2:2905', 16], [2, 'm3ua', '10.0.0.1:40000', '10.0.0.2:2905', 12], [6, 'm3ua', '10.0.0.1:40000', '10.0.0.2:2905', 40]]);
  });
  test('an M3UA stream on an unknown port is recognized from its first message; garbage is reported', () => {
    const r = messagesOf(frames(101, [tcp(1, m3ua(12, 1), 0x18, 5000, 6000), tcp(13, Buffer.from('GET / HTTP/1.1\r\n'), 0x18, 5001, 6001)]));
    assert.equal(r.messages.length, 1);
    assert.deepEqual(r.skipped.map((s) => s.frame), [2]);
    assert.match(r.skipped[0]!.why, /unrecognized protocol/);
  });
});

/** An SCTP packet with DATA chunks [flags, tsn, ppid, payload]. */
function sctp(chunks: Array<[number, number, number, Buffer]>): Buffer {
  const common = Buffer.alloc(12);
  common.writeUInt16BE(2905, 0);
  common.writeUInt16BE(2905, 2);
  const body = chunks.map(([flags, tsn, ppid, p]) => {
    const h = Buffer.alloc(16);
    h[1] = flags;
    h.writeUInt16BE(16 + p.length, 2);
    h.writeUInt32BE(tsn, 4);
    h.writeUInt32BE(ppid, 12);
    return Buffer.concat([h, p, Buffer.alloc((4 - (p.length % 4)) % 4)]);
  });
  return Buffer.concat([common, ...body]);
}

/** A Diameter header alone (20 octets): version 1, length, flags, command code, application 0, hop-by-hop 1. */
function diameterHeader(flags: number, command: number): Buffer {
  const b = Buffer.alloc(20);
  b.writeUInt32BE(20, 0);
  b[0] = 1;
  b.writeUInt32BE(command, 4);
  b[4] = flags;
  b.writeUInt32BE(1, 12);
  return b;
}

describe('Diameter over TCP on an unknown port', () => {
  test('a DWA without flags (a zero second octet, its command code where M3UA has its length) is Diameter, alone or after the DWR', () => {
    const dwr = diameterHeader(0x80, 280);
    const dwa = diameterHeader(0x00, 280);
    const reply = (seq: number, payload: Buffer) => {
      const t = tcp(seq, payload, 0x18, 7000, 40000);
      return ipv4(6, t.subarray(20), true);
    };
    const both = messagesOf(frames(1, [ether(tcp(1, dwr, 0x18, 40000, 7000)), ether(reply(1, dwa))]));
    assert.deepEqual(both.messages.map((m) => m.protocol), ['diameter', 'diameter']);
    const alone = messagesOf(frames(1, [ether(reply(1, dwa))]));
    assert.deepEqual(alone.messages.map((m) => m.protocol), ['diameter'], JSON.stringify(alone.skipped));
  });
});

describe('SUA over TCP on an unknown port', () => {
  test('a stream that starts with ASP management (classes M3UA shares) turns SUA at its first CLDT', () => {
    const msg = (cls: number, type: number, len: number, tag: number) => {
      const b = Buffer.alloc(len);
      b.set([1, 0, cls, type]);
      b.writeUInt32BE(len, 4);
      b[len - 1] = tag;
      return b;
    };
    const aspup = msg(3, 1, 12, 0xa1);
    const cldt = msg(7, 1, 16, 0xc1);
    const r = messagesOf(frames(1, [ether(tcp(1, aspup, 0x18, 40000, 9000)), ether(tcp(13, cldt, 0x18, 40000, 9000))]));
    assert.deepEqual(r.messages.map((m) => m.protocol), ['m3ua', 'sua']);
  });
});

describe('SCTP DATA', () => {
  test('chunks by PPID over Linux cooked capture and IPv6, a retransmitted TSN once, a fragment reported', () => {
    const v6 = (payload: Buffer) => {
      const h = Buffer.alloc(40);
      h[0] = 0x60;
      h.writeUInt16BE(payload.length, 4);
      h[6] = 132;
      h[23] = 1;
      h[39] = 2;
      return Buffer.concat([h, payload]);
    };
    const sll = (ip: Buffer) => Buffer.concat([Buffer.from('00000304000600000000000000000000', 'hex').fill(0x86, 14, 15).fill(0xdd, 15, 16), ip]);
    const f = frames(113, [sll(v6(sctp([[3, 1, 3, m3ua(8, 1)], [3, 2, 46, Buffer.from('010000140000000000000000000000000000000d', 'hex')]]))), sll(v6(sctp([[3, 1, 3, m3ua(8, 1)], [2, 3, 3, m3ua(8, 2)]])))]);
    const r = messagesOf(f);
    assert.deepEqual(r.messages.map((m) => [m.frame, m.protocol, m.src]), [[1, 'm3ua', '[0:0:0:0:0:0:0:1]:2905'], [1, 'diameter', '[0:0:0:0:0:0:0:1]:2905']]);
    assert.deepEqual(r.skipped.map((s) => s.frame), [2]);
    assert.match(r.skipped[0]!.why, /fragmented SCTP DATA/);
  });
});

describe('frames not followed are reported', () => {
  test('UDP, ARP and an unknown link type each with their frame number', () => {
    const udp = ether(ipv4(17, Buffer.alloc(8)));
    const arp = Buffer.concat([Buffer.alloc(12), Buffer.from('0806', 'hex'), Buffer.alloc(28)]);
    const r = messagesOf([...frames(1, [udp, arp]), { no: 3, timeMs: 0, linkType: 147, data: Buffer.alloc(4) }]);
    assert.deepEqual(r.skipped, [{ frame: 1, why: 'IP protocol 17' }, { frame: 2, why: 'ethertype 0x806' }, { frame: 3, why: 'link type 147 is not read' }]);
  });
});

describe('frames written by text2pcap', needsTool('text2pcap', 'apt-get install tshark'), () => {
  /** text2pcap's input: one packet of `hex` as an offset-prefixed dump. */
  const dump = (packets: Buffer[]) => packets.map((p) => `0000 ${[...p].map((x) => x.toString(16).padStart(2, '0')).join(' ')}\n`).join('');
  const dir = mkdtempSync(join(tmpdir(), 'capture-t2p-'));
  function run(args: string[], packets: Buffer[], name: string) {
    writeFileSync(join(dir, `${name}.txt`), dump(packets));
    execFileSync('text2pcap', ['-q', ...args, join(dir, `${name}.txt`), join(dir, `${name}.pcap`)], { stdio: 'ignore' });
    return messagesOf(readFrames(readFileSync(join(dir, `${name}.pcap`))));
  }
  test('Ethernet/IPv4/TCP: messages merged and split across text2pcap packets', () => {
    const a = m3ua(16, 1);
    const b = m3ua(24, 2);
    const r = run(['-T', '40000,2905'], [Buffer.concat([a, b.subarray(0, 5)]), b.subarray(5)], 'tcp');
    assert.deepEqual(r.skipped, []);
    assert.deepEqual(r.messages.map((m) => [m.frame, m.bytes.length, m.bytes[m.bytes.length - 1]]), [[1, 16, 1], [2, 24, 2]]);
  });
  test('Ethernet/IPv4/SCTP DATA with PPID 3', () => {
    const r = run(['-S', '2905,2905,3'], [m3ua(16, 7), m3ua(20, 8)], 'sctp');
    assert.deepEqual(r.messages.map((m) => [m.frame, m.protocol, m.bytes.length]), [[1, 'm3ua', 16], [2, 'm3ua', 20]]);
  });
  test('pcapng output (-n)', () => {
    const r = run(['-n', '-T', '40000,2905'], [m3ua(12, 9)], 'tcpng');
    assert.deepEqual(tags(r.messages), [9]);
  });
});

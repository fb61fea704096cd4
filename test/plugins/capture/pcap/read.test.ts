// The pcap and pcapng block structure, from byte vectors written here, and a pcapng that tshark converted from
// a pcap the tester wrote (sdk/pcap.ts).
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePcap } from '../../../../sdk/index.js';
import { CaptureError, readFrames } from '../../../../plugins/capture/pcap/read.js';
import { needsTool } from '../../../helpers/tools.js';

const u32 = (v: number, le: boolean) => {
  const b = Buffer.alloc(4);
  if (le) b.writeUInt32LE(v);
  else b.writeUInt32BE(v);
  return b;
};

function pcap(le: boolean, nano: boolean, linkType: number, frames: Array<[number, number, string]>): Buffer {
  const h = Buffer.alloc(24);
  const w32 = (v: number, o: number) => (le ? h.writeUInt32LE(v, o) : h.writeUInt32BE(v, o));
  w32(nano ? 0xa1b23c4d : 0xa1b2c3d4, 0);
  w32(65535, 16);
  w32(linkType, 20);
  return Buffer.concat([h, ...frames.flatMap(([s, f, hex]) => [u32(s, le), u32(f, le), u32(hex.length / 2, le), u32(hex.length / 2, le), Buffer.from(hex, 'hex')])]);
}

/** A pcapng block: type, length, body (padded to 4), length again. */
function block(type: number, body: Buffer, le = true): Buffer {
  const padded = Buffer.concat([body, Buffer.alloc((4 - (body.length % 4)) % 4)]);
  const len = 12 + padded.length;
  return Buffer.concat([u32(type, le), u32(len, le), padded, u32(len, le)]);
}

describe('pcap', () => {
  test('little-endian, microseconds: frame numbers, times, link type, bytes', () => {
    const f = readFrames(pcap(true, false, 1, [[10, 500_000, '0102'], [11, 1, 'aabbcc']]));
    assert.deepEqual(f.map((x) => [x.no, x.timeMs, x.linkType, Buffer.from(x.data).toString('hex')]), [[1, 10_500, 1, '0102'], [2, 11_000.001, 1, 'aabbcc']]);
  });
  test('big-endian, nanoseconds', () => {
    const f = readFrames(pcap(false, true, 113, [[2, 3_000_000, 'ff']]));
    assert.deepEqual([f[0]!.timeMs, f[0]!.linkType, f[0]!.data[0]], [2003, 113, 0xff]);
  });
  test('a frame cut short and a file of another kind are refused', () => {
    const whole = pcap(true, false, 1, [[1, 0, '01020304']]);
    assert.throws(() => readFrames(whole.subarray(0, whole.length - 1)), CaptureError);
    assert.throws(() => readFrames(Buffer.alloc(40, 7)), /not a pcap or pcapng file/);
    assert.throws(() => readFrames(Buffer.alloc(4)), /too short/);
  });
});

describe('pcapng', () => {
  const shb = (le: boolean) => block(0x0a0d0d0a, Buffer.concat([u32(0x1a2b3c4d, le), Buffer.from(le ? '01000000' : '00010000', 'hex'), Buffer.alloc(8, 0xff)]), le);
  function idb(linkType: number, tsresol: number | undefined, le = true): Buffer {
    const lt = Buffer.alloc(8);
    if (le) lt.writeUInt16LE(linkType, 0);
    else lt.writeUInt16BE(linkType, 0);
    const opt = tsresol === undefined ? Buffer.alloc(0) : Buffer.from(le ? `09000100${tsresol.toString(16).padStart(2, '0')}00000000000000` : `00090001${tsresol.toString(16).padStart(2, '0')}00000000000000`, 'hex');
    return block(1, Buffer.concat([lt, opt]), le);
  }
  function epb(iface: number, ts: bigint, hex: string, le = true): Buffer {
    const data = Buffer.from(hex, 'hex');
    return block(6, Buffer.concat([u32(iface, le), u32(Number(ts >> 32n), le), u32(Number(ts & 0xffffffffn), le), u32(data.length, le), u32(data.length, le), data]), le);
  }
  test('enhanced and simple packet blocks on two interfaces, if_tsresol, unknown blocks skipped', () => {
    const file = Buffer.concat([shb(true), idb(101, 9), idb(1, undefined), block(5, Buffer.alloc(8)), epb(0, 1_500_000_000n, '4500'), epb(1, 2_000_000n, 'aabbccdd'), block(3, Buffer.concat([u32(3, true), Buffer.from('010203', 'hex')]))]);
    const f = readFrames(file);
    assert.deepEqual(f.map((x) => [x.no, x.timeMs, x.linkType, Buffer.from(x.data).toString('hex')]), [[1, 1500, 101, '4500'], [2, 2000, 1, 'aabbccdd'], [3, 0, 101, '010203']]);
  });
  test('a big-endian section', () => {
    const f = readFrames(Buffer.concat([shb(false), idb(228, 3, false), epb(0, 42n, '45', false)]));
    assert.deepEqual([f[0]!.linkType, f[0]!.timeMs, f[0]!.data[0]], [228, 42, 0x45]);
  });
  test('a packet of an undescribed interface and a bad block length are refused', () => {
    assert.throws(() => readFrames(Buffer.concat([shb(true), epb(0, 1n, '00')])), /interface not described/);
    const bad = Buffer.concat([shb(true), idb(1, undefined)]);
    bad.writeUInt32LE(13, bad.length - 20 + 4);
    assert.throws(() => readFrames(bad), /bad length/);
  });
});

describe('a pcapng from tshark', needsTool('tshark', 'apt-get install tshark'), () => {
  test('tshark -F pcapng of an EXPORTED_PDU capture reads back the same records', () => {
    const dir = mkdtempSync(join(tmpdir(), 'capture-read-'));
    const records = [{ dissector: 'm3ua', bytes: Buffer.from('0100010100000010000000000000abcd', 'hex'), timeMs: 1_700_000_000_123 }, { dissector: 'diameter', bytes: Buffer.from('0100001480000101000000000000000100000001', 'hex'), timeMs: 1_700_000_001_000 }];
    writePcap(join(dir, 'a.pcap'), records);
    execFileSync('tshark', ['-r', join(dir, 'a.pcap'), '-F', 'pcapng', '-w', join(dir, 'a.pcapng')], { stdio: 'ignore' });
    const ng = readFileSync(join(dir, 'a.pcapng'));
    assert.equal(ng.readUInt32LE(0), 0x0a0d0d0a, 'tshark wrote pcapng');
    const a = readFrames(readFileSync(join(dir, 'a.pcap')));
    const b = readFrames(ng);
    assert.equal(b.length, 2);
    assert.deepEqual(b.map((f) => [f.linkType, Buffer.from(f.data).toString('hex'), Math.round(f.timeMs)]), a.map((f) => [f.linkType, Buffer.from(f.data).toString('hex'), Math.round(f.timeMs)]));
    assert.equal(Math.round(b[0]!.timeMs), 1_700_000_000_123);
  });
});

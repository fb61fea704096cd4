// sdk/pcap.ts: EXPORTED_PDU pcap files, checked structurally and decoded by tshark (an independent decoder).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePcap, PcapWriter, pcapRecord, pcapFileHeader } from '../../sdk/pcap.js';
import { needsTool } from '../helpers/tools.js';

/** A minimal Diameter Device-Watchdog-Request: header only plus Origin-Host and Origin-Realm AVPs. */
function dwr(hopByHop: number): Buffer {
  const avp = (code: number, value: string) => {
    const v = Buffer.from(value);
    const len = 8 + v.length;
    const b = Buffer.alloc((len + 3) & ~3);
    b.writeUInt32BE(code, 0);
    b.writeUInt32BE((0x40 << 24) | len, 4);
    v.copy(b, 8);
    return b;
  };
  const body = Buffer.concat([avp(264, 'tester.example.net'), avp(296, 'example.net')]);
  const h = Buffer.alloc(20);
  h.writeUInt32BE((1 << 24) | (20 + body.length), 0);
  h.writeUInt32BE(((0x80 << 24) | 280) >>> 0, 4);
  h.writeUInt32BE(0, 8);
  h.writeUInt32BE(hopByHop, 12);
  h.writeUInt32BE(hopByHop + 1, 16);
  return Buffer.concat([h, body]);
}

test('the file header is pcap v2.4, microseconds, link type 252 (Wireshark upper PDU)', () => {
  const h = pcapFileHeader();
  assert.equal(h.length, 24);
  assert.equal(h.readUInt32LE(0), 0xa1b2c3d4);
  assert.equal(h.readUInt16LE(4), 2);
  assert.equal(h.readUInt16LE(6), 4);
  assert.equal(h.readUInt32LE(20), 252);
});

test('a record carries the time, the lengths, the proto-name tag (padded to 4) and the bytes', () => {
  const bytes = Buffer.from([1, 2, 3, 4, 5]);
  const r = pcapRecord({ dissector: 'm3ua', bytes, timeMs: 1_700_000_000_123.5 });
  assert.equal(r.readUInt32LE(0), 1_700_000_000);
  assert.equal(r.readUInt32LE(4), 123_500);
  const len = r.readUInt32LE(8);
  assert.equal(len, r.readUInt32LE(12));
  assert.equal(r.length, 16 + len);
  assert.equal(r.readUInt16BE(16), 12); // EXP_PDU_TAG_PROTO_NAME
  assert.equal(r.readUInt16BE(18), 4);
  assert.equal(r.subarray(20, 24).toString(), 'm3ua');
  assert.equal(r.readUInt32BE(24), 0); // end of options
  assert.deepEqual(r.subarray(28), bytes);
  const odd = pcapRecord({ dissector: 'diameter', bytes: Buffer.alloc(0) });
  assert.equal(odd.readUInt16BE(18), 8);
  assert.equal(odd.length, 16 + 4 + 8 + 4);
  const short = pcapRecord({ dissector: 'sua', bytes: Buffer.alloc(0) });
  assert.equal(short.readUInt16BE(18), 4, 'the length of a 3-letter name covers its padding');
  assert.deepEqual([...short.subarray(20, 24)], [0x73, 0x75, 0x61, 0]);
});

test('tshark decodes the records written by writePcap and PcapWriter', needsTool('tshark', 'apt-get install tshark'), () => {
  const dir = mkdtempSync(join(tmpdir(), 'tester-pcap-'));
  try {
    const a = join(dir, 'a.pcap');
    writePcap(a, [
      { dissector: 'diameter', bytes: dwr(100), timeMs: 1_700_000_000_000 },
      { dissector: 'diameter', bytes: dwr(200), timeMs: 1_700_000_000_500 },
    ]);
    const w = new PcapWriter(join(dir, 'b.pcap'));
    w.write({ dissector: 'diameter', bytes: dwr(300) });
    w.close();
    w.write({ dissector: 'diameter', bytes: dwr(400) }); // after close: ignored, no throw
    for (const [file, hops] of [[a, ['0x00000064', '0x000000c8']], [join(dir, 'b.pcap'), ['0x0000012c']]] as const) {
      const out = execFileSync('tshark', ['-r', file, '-T', 'fields', '-e', 'diameter.cmd.code', '-e', 'diameter.hopbyhopid', '-e', 'diameter.Origin-Host', '-e', '_ws.expert'], { encoding: 'utf8' });
      const rows = out.trim().split('\n').map((l) => l.split('\t'));
      assert.equal(rows.length, hops.length, out);
      rows.forEach((r, i) => {
        assert.equal(r[0], '280', out);
        assert.equal(r[1], hops[i], out);
        assert.equal(r[2], 'tester.example.net', out);
        assert.equal(r[3] ?? '', '', `expert info: ${out}`);
      });
    }
    assert.equal(readFileSync(join(dir, 'b.pcap')).length, 24 + pcapRecord({ dissector: 'diameter', bytes: dwr(300) }).length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

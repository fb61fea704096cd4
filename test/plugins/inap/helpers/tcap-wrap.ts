// Test helper: wraps encoded INAP components in a TCAP Begin/Continue with a dialogue portion naming the AC, and
// decodes them with tshark (`text2pcap -P tcap`), so argument encodings are checked by an independent decoder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BerWriter, TagClass } from '../../../../plugins/sigtran/ber/index.js';

export type Comp =
  | { kind: 'invoke'; invokeId: number; opcode: number; arg?: Uint8Array }
  | { kind: 'result'; invokeId: number; opcode?: number; res?: Uint8Array }
  | { kind: 'error'; invokeId: number; errorCode: number };

/** A TCAP Begin (otid 01020304) with an AARQ naming `acOid` (dotted) and the given components. */
export function tcapBegin(acOid: string, comps: Comp[]): Uint8Array {
  const w = new BerWriter();
  w.begin(TagClass.Application, 2);
  w.octets(Uint8Array.of(1, 2, 3, 4), TagClass.Application, 8);
  w.begin(TagClass.Application, 11); // dialogue portion
  w.begin(TagClass.Universal, 8); // EXTERNAL
  w.oid('0.0.17.773.1.1.1');
  w.begin(TagClass.Context, 0);
  w.begin(TagClass.Application, 0); // AARQ
  w.bitString(Uint8Array.of(0x80), 7, TagClass.Context, 0);
  w.begin(TagClass.Context, 1).oid(acOid).end();
  w.end().end().end().end();
  w.begin(TagClass.Application, 12);
  for (const c of comps) {
    if (c.kind === 'invoke') {
      w.begin(TagClass.Context, 1).integer(c.invokeId).integer(c.opcode);
      if (c.arg) w.raw(c.arg);
      w.end();
    } else if (c.kind === 'result') {
      w.begin(TagClass.Context, 2).integer(c.invokeId);
      if (c.res) {
        w.beginSequence().integer(c.opcode ?? 0).raw(c.res).end();
      }
      w.end();
    } else {
      w.begin(TagClass.Context, 3).integer(c.invokeId).integer(c.errorCode).end();
    }
  }
  w.end();
  w.end();
  return w.toBytes();
}

/** Decode TCAP messages with tshark; returns the JSON layers of each packet and the count of expert items. */
export function tsharkDecode(msgs: Uint8Array[]): { packets: any[]; expert: number; fields: (names: string[]) => string[][] } {
  const dir = mkdtempSync(join(tmpdir(), 'inap-tshark-'));
  try {
    const hex = msgs.map((m) => {
      let s = '';
      for (let i = 0; i < m.length; i += 16) {
        s += i.toString(16).padStart(6, '0') + ' ' + Buffer.from(m.subarray(i, i + 16)).toString('hex').replace(/(..)/g, '$1 ') + '\n';
      }
      return s;
    }).join('\n');
    writeFileSync(join(dir, 'in.hex'), hex);
    execFileSync('text2pcap', ['-q', '-P', 'tcap', join(dir, 'in.hex'), join(dir, 'out.pcap')], { stdio: 'ignore' });
    const pcap = join(dir, 'out.pcap');
    const json = execFileSync('tshark', ['-r', pcap, '-T', 'json', '--no-duplicate-keys'], { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
    const expert = execFileSync('tshark', ['-r', pcap, '-Y', '_ws.expert || _ws.malformed'], { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] }).toString().split('\n').filter((l) => l.trim()).length;
    const packets = JSON.parse(json).map((p: any) => p._source.layers);
    const fields = (names: string[]) => {
      const out = execFileSync('tshark', ['-r', pcap, '-T', 'fields', '-E', 'separator=|', '-E', 'occurrence=a', '-E', 'aggregator=,', ...names.flatMap((n) => ['-e', n])], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
      return out.split('\n').filter((l) => l.length > 0).map((l) => l.split('|'));
    };
    const r = { packets, expert, fields };
    // fields() needs the file: read everything eagerly for the callers that use it
    const cache = new Map<string, string[][]>();
    r.fields = (names: string[]) => {
      const k = names.join(',');
      if (!cache.has(k)) cache.set(k, fields(names));
      return cache.get(k)!;
    };
    // pre-populate nothing; keep the dir until process exit
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return r;
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

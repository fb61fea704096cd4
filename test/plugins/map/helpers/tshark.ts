// Test helper: MAP components in TCAP Begins (AC of the operation's context, MAP-OPEN user information), written to a
// pcap through text2pcap and decoded by tshark's gsm_map dissector: expert/malformed count and fields per packet.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveAc } from '../../../../plugins/sigtran/api.js';
import { BerWriter } from '../../../../plugins/sigtran/ber/index.js';
import { encodeTcap, type OutComponent } from '../../../../plugins/sigtran/tcap/codec.js';

export interface Capture {
  /** Packets with expert items or malformed parts. */
  expert: number;
  /** Fields of packet i (0-based): name -> all occurrences joined by ','. */
  fields(i: number, names: string[]): Record<string, string>;
  text(): string;
}

/** A TCAP Begin with an AARQ naming `ac` (alias or OID) and optional MAP-OPEN user information. */
export function begin(ac: string, comps: OutComponent[], userInformation?: Uint8Array): Uint8Array {
  return encodeTcap(new BerWriter(), { kind: 'begin', otid: 0x01020304, dialogue: { type: 'aarq', ac: resolveAc(ac)!, userInformation }, components: comps });
}

export function decode(msgs: Uint8Array[]): Capture {
  const dir = mkdtempSync(join(tmpdir(), 'map-tshark-'));
  try {
    writeFileSync(join(dir, 'in.hex'), msgs.map((m) => '000000 ' + Buffer.from(m).toString('hex').replace(/(..)/g, '$1 ')).join('\n\n') + '\n');
    const pcap = join(dir, 'out.pcap');
    execFileSync('text2pcap', ['-q', '-P', 'tcap', join(dir, 'in.hex'), pcap], { stdio: 'ignore' });
    const run = (args: string[]) => execFileSync('tshark', ['-r', pcap, ...args], { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
    const expert = run(['-Y', '_ws.expert || _ws.malformed']).split('\n').filter((l) => l.trim()).length;
    const verbose = run(['-V']);
    const packets: unknown[] = JSON.parse(run(['-T', 'json', '--no-duplicate-keys'])).map((p: { _source: { layers: unknown } }) => p._source.layers);
    return {
      expert,
      text: () => verbose,
      fields(i, names) {
        const out: Record<string, string[]> = Object.fromEntries(names.map((n) => [n, []]));
        const walk = (v: unknown): void => {
          if (Array.isArray(v)) v.forEach(walk);
          else if (v && typeof v === 'object') {
            for (const [k, x] of Object.entries(v)) {
              if (k in out) (Array.isArray(x) ? x : [x]).forEach((y) => typeof y === 'string' && out[k]!.push(y));
              walk(x);
            }
          }
        };
        walk(packets[i]);
        return Object.fromEntries(names.map((n) => [n, out[n]!.join(',')]));
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

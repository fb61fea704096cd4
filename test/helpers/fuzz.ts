// Seeded fuzzing of the decoders, shared by the fast-tier suites (`test/**/fuzz.test.ts`, a few thousand cases) and
// `npm run fuzz` (test/fuzz/run.ts, a million frames / 100,000 messages per decoder).
//
// Why a small generator of our own rather than fast-check: every case is rebuilt from (seed, case index) alone, so a
// fault found at case 734,211 of a long run replays in one call (`npm run fuzz -- --target X --seed S --case I`)
// without re-running the 734,210 before it; the mutators know our wire formats (BER trees re-encoded with consistent
// lengths, M3UA/SCCP/Diameter length fields that enclose each other), which is where the value of a decoder fuzzer
// lies; and a million cases cost the PRNG and the decoder, nothing else. Shrinking is not needed: the failing input is
// printed in hex and the fault names the offset.
import { readTlv } from '../../plugins/sigtran/ber/index.js';

// ---------------------------------------------------------------------------------------------------- randomness

export interface Rng {
  /** [0, 1) */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(a: readonly T[]): T;
  bytes(n: number): Uint8Array;
}

/** mulberry32: 32-bit state, good enough statistics for fuzzing, and fast. */
export function prng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (arr) => arr[int(arr.length)]!,
    bytes: (n) => {
      const b = new Uint8Array(n);
      for (let i = 0; i < n; i++) b[i] = int(256);
      return b;
    },
  };
}

/** The seed of case `i` of a run seeded `seed` (a 32-bit mix, so neighbouring cases are unrelated). */
export function caseSeed(seed: number, i: number): number {
  let h = (seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The seed of a suite: `FUZZ_SEED` from the environment (to explore), else the suite's fixed seed (to replay). */
export function suiteSeed(fixed: number): number {
  const s = process.env.FUZZ_SEED;
  return s !== undefined && s !== '' ? Number(s) >>> 0 : fixed;
}

// ---------------------------------------------------------------------------------------------------- byte helpers

export function concat(...parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function hex(b: Uint8Array, max = 256): string {
  const s = Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, max)).toString('hex');
  return b.length > max ? `${s}… (${b.length} octets)` : s;
}

function readUInt(b: Uint8Array, o: number, w: number): number {
  let v = 0;
  for (let i = 0; i < w; i++) v = v * 256 + b[o + i]!;
  return v;
}

function writeUInt(b: Uint8Array, o: number, w: number, v: number): void {
  for (let i = w - 1; i >= 0; i--) {
    b[o + i] = v & 0xff;
    v = Math.floor(v / 256);
  }
}

/** Values a length field of `w` octets is set to: zero, one, off by one, all ones, "negative" (top bit set), random. */
function interestingLength(rng: Rng, w: number, orig: number): number {
  const max = 2 ** (8 * w) - 1;
  const top = 2 ** (8 * w - 1);
  const v = rng.pick([0, 1, 2, 3, 4, 7, 8, orig - 1, orig + 1, orig + 4, orig * 2, max, max - 1, top, top - 1, top + 1, rng.int(max + 1)]);
  return Math.min(max, Math.max(0, v));
}

// ---------------------------------------------------------------------------------------------------- length fields

/**
 * A length field of a message: `width` octets at `offset` whose value is `end - base` (what it counts). Fields of a
 * message may enclose each other (M3UA header and parameters, Diameter header and AVPs, SCCP variable parts).
 */
export interface LengthField {
  offset: number;
  width: number;
  base: number;
  end: number;
}

/** A structural unit of a message (an M3UA parameter, a Diameter AVP with its padding): [start, end). */
export type Unit = [number, number];

export interface Layout {
  fields: LengthField[];
  units: Unit[];
  /** Units are padded to this many octets (Diameter: 4): content replaced by a multiple of it. */
  align?: number;
}

/** Insert `ins` at `at` (or delete `del` octets there) and grow/shrink every length field that encloses `at`. */
function splice(b: Uint8Array, layout: Layout, at: number, del: number, ins: Uint8Array): Uint8Array {
  const out = concat(b.subarray(0, at), ins, b.subarray(at + del));
  const delta = ins.length - del;
  for (const f of layout.fields) {
    if (f.base <= at && at + del <= f.end && f.offset < at) {
      const w = f.width;
      const v = readUInt(out, f.offset, w) + delta;
      if (v >= 0 && v < 2 ** (8 * w)) writeUInt(out, f.offset, w, v);
    }
  }
  return out;
}

function mutateLayout(rng: Rng, b: Uint8Array, layout: Layout): Uint8Array {
  const { fields, units } = layout;
  const op = rng.int(5);
  if (op === 0 && fields.length) {
    // one length field set to a value that lies
    const f = rng.pick(fields);
    const out = b.slice();
    writeUInt(out, f.offset, f.width, interestingLength(rng, f.width, readUInt(b, f.offset, f.width)));
    return out;
  }
  if (op === 1 && units.length) {
    // a unit duplicated (1 to 40 times), lengths of the enclosing fields kept consistent
    const [s, e] = rng.pick(units);
    const copies = rng.chance(0.8) ? 1 : 1 + rng.int(40);
    const seg = b.subarray(s, e);
    const ins = new Uint8Array(seg.length * copies);
    for (let i = 0; i < copies; i++) ins.set(seg, i * seg.length);
    return splice(b, layout, e, 0, ins);
  }
  if (op === 2 && units.length) {
    const [s, e] = rng.pick(units);
    return splice(b, layout, s, e - s, new Uint8Array(0));
  }
  if (op === 3 && units.length) {
    // a unit's content replaced by random bytes of another length, lengths kept consistent
    const [s, e] = rng.pick(units);
    const keep = Math.min(e - s, rng.pick([0, 4, 8, 12]));
    const a = layout.align ?? 1;
    const ins = concat(b.subarray(s, s + keep), rng.bytes(a * rng.int((2 * (e - s) + 8) / a)));
    return splice(b, layout, s, e - s, ins);
  }
  if (fields.length) {
    // a length field and its enclosing ones all consistent, but the content random
    const f = rng.pick(fields);
    const start = f.offset + f.width;
    const a = layout.align ?? 1;
    if (start <= f.end && f.end <= b.length) return splice(b, layout, start, f.end - start, rng.bytes(a * rng.int(64 / a)));
  }
  return b;
}

// ---------------------------------------------------------------------------------------------------- BER trees

/** A BER TLV as parsed from a valid message; mutated, then re-encoded with consistent (or deliberately odd) lengths. */
interface BerNode {
  id: Uint8Array;
  /** Children of a constructed node (undefined: `value` holds the raw content, constructed or not). */
  children?: BerNode[];
  value?: Uint8Array;
  indefinite?: boolean;
  /** Length encoding: minimal (default), or long form in n octets (n may be 5+, which is invalid). */
  longForm?: number;
  /** Wrapped in `depth` constructed TLVs with identifier `id` (built without recursion, so depth can be large). */
  nest?: { depth: number; id: number; indefinite: boolean };
}

function parseBer(buf: Uint8Array, start: number, end: number, depth = 0): BerNode[] | undefined {
  const out: BerNode[] = [];
  let p = start;
  try {
    while (p < end) {
      const t = readTlv(buf, p, end);
      const node: BerNode = { id: buf.slice(t.start, t.start + idLength(buf, t.start)) };
      if (t.indefinite) node.indefinite = true;
      if (t.constructed && depth < 40) {
        const kids = parseBer(buf, t.valueStart, t.valueEnd, depth + 1);
        if (kids) node.children = kids;
        else node.value = buf.slice(t.valueStart, t.valueEnd);
      } else node.value = buf.slice(t.valueStart, t.valueEnd);
      out.push(node);
      p = t.end;
    }
  } catch {
    return undefined;
  }
  return out;
}

/** Number of identifier octets of the (valid) TLV at `start`. */
function idLength(buf: Uint8Array, start: number): number {
  let p = start + 1;
  if ((buf[start]! & 0x1f) === 0x1f) while (buf[p++]! & 0x80);
  return p - start;
}

function encodeLength(len: number, longForm?: number): Uint8Array {
  if (longForm === undefined) {
    if (len < 0x80) return Uint8Array.of(len);
    const octets: number[] = [];
    for (let v = len; v > 0; v = Math.floor(v / 256)) octets.unshift(v & 0xff);
    return Uint8Array.of(0x80 | octets.length, ...octets);
  }
  const out = new Uint8Array(1 + longForm);
  out[0] = 0x80 | longForm;
  writeUInt(out, 1, longForm, len % 2 ** (8 * Math.min(longForm, 6)));
  return out;
}

function serializeBer(nodes: readonly BerNode[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const n of nodes) {
    const content = n.children ? serializeBer(n.children) : (n.value ?? new Uint8Array(0));
    const tlv = n.indefinite ? concat(n.id, Uint8Array.of(0x80), content, Uint8Array.of(0, 0)) : concat(n.id, encodeLength(content.length, n.longForm), content);
    parts.push(n.nest ? nest(tlv, n.nest) : tlv);
  }
  return concat(...parts);
}

/** `inner` wrapped in `depth` constructed TLVs: headers computed inside out, written in one buffer. */
function nest(inner: Uint8Array, w: { depth: number; id: number; indefinite: boolean }): Uint8Array {
  if (w.indefinite) {
    const out = new Uint8Array(w.depth * 4 + inner.length);
    for (let i = 0; i < w.depth; i++) out.set([w.id, 0x80], 2 * i);
    out.set(inner, 2 * w.depth);
    return out; // the end-of-contents octets are the zeros already there
  }
  const headers: Uint8Array[] = [];
  let len = inner.length;
  for (let i = 0; i < w.depth; i++) {
    const h = concat(Uint8Array.of(w.id), encodeLength(len));
    headers.push(h);
    len += h.length;
  }
  const out = new Uint8Array(len);
  let o = 0;
  for (let i = headers.length - 1; i >= 0; i--) {
    out.set(headers[i]!, o);
    o += headers[i]!.length;
  }
  out.set(inner, o);
  return out;
}

function allNodes(nodes: BerNode[], out: Array<{ node: BerNode; siblings: BerNode[]; index: number }> = []) {
  nodes.forEach((node, index) => {
    out.push({ node, siblings: nodes, index });
    if (node.children) allNodes(node.children, out);
  });
  return out;
}

const NEST_DEPTHS = [1, 2, 3, 16, 63, 64, 65, 200, 1000, 5000] as const;

function mutateBerTree(rng: Rng, tree: BerNode[], corpusTrees: () => BerNode[] | undefined): void {
  const all = allNodes(tree);
  if (!all.length) return;
  const { node, siblings, index } = rng.pick(all);
  switch (rng.int(12)) {
    case 0: // the content of a primitive (or of any node) replaced
      delete node.children;
      node.value = rng.chance(0.2) ? new Uint8Array(0) : rng.bytes(rng.int(2 * (node.value?.length ?? 4) + 9));
      return;
    case 1: // integer-like content at the edges
      delete node.children;
      node.value = rng.pick([Uint8Array.of(0), Uint8Array.of(0xff), Uint8Array.of(0x80), Uint8Array.of(0x7f, 0xff, 0xff, 0xff), Uint8Array.of(0x80, 0, 0, 0, 0, 0, 0, 0, 0), new Uint8Array(7).fill(0xff), new Uint8Array(0)]);
      return;
    case 2: // identifier octets: another tag, the constructed bit flipped, the high-tag-number form
      node.id = rng.pick([
        Uint8Array.of(rng.int(256)),
        Uint8Array.of(node.id[0]! ^ 0x20),
        Uint8Array.of(node.id[0]! ^ 0xc0),
        Uint8Array.of(node.id[0]! | 0x1f, 0x80 | rng.int(128), rng.int(128)),
        Uint8Array.of(node.id[0]! | 0x1f, 0x80, 0x01),
        Uint8Array.of(node.id[0]! | 0x1f, 0xff, 0xff, 0xff, 0xff, 0x7f),
        Uint8Array.of(node.id[0]! | 0x1f),
      ]);
      return;
    case 3: // duplicated (a few or many times)
      siblings.splice(index, 0, ...Array.from({ length: rng.chance(0.8) ? 1 : 2 + rng.int(60) }, () => structuredClone(node)));
      return;
    case 4:
      siblings.splice(index, 1);
      return;
    case 5: // swapped with a sibling
      if (siblings.length > 1) {
        const j = rng.int(siblings.length);
        [siblings[index], siblings[j]] = [siblings[j]!, siblings[index]!];
      }
      return;
    case 6: {
      // nested deep in constructed wrappers (definite or indefinite)
      if (!node.nest) node.nest = { depth: rng.pick(NEST_DEPTHS), id: rng.pick([0x30, 0xa0 | rng.int(31), node.id[0]! | 0x20, 0x24]), indefinite: rng.chance(0.5) };
      return;
    }
    case 7: {
      // a subtree from another valid message put in its place
      const other = corpusTrees();
      if (other) {
        const o = allNodes(other);
        if (o.length) siblings[index] = structuredClone(rng.pick(o).node);
      }
      return;
    }
    case 8:
      if (node.children || (node.id[0]! & 0x20)) node.indefinite = !node.indefinite;
      return;
    case 9: // a primitive split into a constructed (segmented) string of pieces
      if (node.value && !node.children && node.value.length > 1) {
        const v = node.value;
        const cut = 1 + rng.int(v.length - 1);
        const pieceId = Uint8Array.of(rng.chance(0.5) ? 0x04 : node.id[0]! & ~0x20);
        node.id = Uint8Array.of(node.id[0]! | 0x20, ...node.id.subarray(1));
        node.children = [{ id: pieceId, value: v.slice(0, cut) }, { id: pieceId, value: v.slice(cut) }];
        delete node.value;
      }
      return;
    case 10: // long-form lengths: with leading zeros (valid BER), or 5+ octets (invalid)
      node.longForm = rng.pick([1, 2, 4, 5, 8, 126]);
      return;
    default: // random children appended
      if (node.children) node.children.push({ id: Uint8Array.of(rng.int(256)), value: rng.bytes(rng.int(12)) });
      return;
  }
}

// ---------------------------------------------------------------------------------------------------- raw mutations

function mutateRaw(rng: Rng, b: Uint8Array): Uint8Array {
  if (b.length === 0) return rng.bytes(1 + rng.int(16));
  switch (rng.int(7)) {
    case 0: {
      const out = b.slice();
      for (let k = 1 + rng.int(8); k > 0; k--) out[rng.int(out.length)]! ^= 1 << rng.int(8);
      return out;
    }
    case 1: {
      const out = b.slice();
      for (let k = 1 + rng.int(4); k > 0; k--) out[rng.int(out.length)] = rng.pick([0, 0xff, 0x7f, 0x80, 0x81, 0x84, rng.int(256)]);
      return out;
    }
    case 2:
      return b.slice(0, rng.int(b.length));
    case 3:
      return b.slice(rng.int(b.length));
    case 4:
      return concat(b, rng.chance(0.5) ? rng.bytes(1 + rng.int(32)) : new Uint8Array(1 + rng.int(32)));
    case 5: {
      // a segment duplicated in place, lengths left as they were
      const s = rng.int(b.length);
      const e = Math.min(b.length, s + 1 + rng.int(32));
      return concat(b.subarray(0, e), b.subarray(s, e), b.subarray(e));
    }
    default: {
      const s = rng.int(b.length);
      return concat(b.subarray(0, s), b.subarray(Math.min(b.length, s + 1 + rng.int(16))));
    }
  }
}

// ---------------------------------------------------------------------------------------------------- targets

/** One decoder under test: valid encodings to mutate, the decoder, and the only error it may throw. */
export interface FuzzTarget {
  name: string;
  /** Valid encoded messages (built with the project's encoders), mutated into the cases. */
  corpus: readonly Uint8Array[];
  /** The messages are BER: mutate their TLV trees and re-encode them. */
  ber?: boolean;
  /** The length fields and units of a valid message (M3UA, SCCP, Diameter). */
  layout?(b: Uint8Array): Layout;
  /** Largest random input (random-bytes cases). */
  maxRandom?: number;
  /**
   * Largest input (default 8,192 octets): mutations that grow a message beyond it are cut there. Set it to what the
   * decoder can receive at most (a TCAP message is at most 16 XUDT segments, ~4 KB).
   */
  maxLen?: number;
  /**
   * Runs the decoder; returns a fault text when a returned value breaks a property (optional). `base` is the index
   * of the corpus message the input was mutated from (random inputs: a random index).
   */
  decode(b: Uint8Array, base: number): string | void;
  /** The decoder's own error type (anything else thrown is a fault). */
  typed(e: unknown): boolean;
}

/** The input of case (seed, i): random bytes, or 1 to 7 mutations of a corpus message (`base`: its index). */
export function generate(t: FuzzTarget, seed: number, i: number): { input: Uint8Array; base: number } {
  const rng = prng(caseSeed(seed, i));
  const base = rng.int(t.corpus.length);
  if (rng.chance(0.12)) {
    const n = rng.int((t.maxRandom ?? 300) + 1);
    const b = rng.bytes(n);
    // random bytes behind a valid first octet or header reach further than pure noise
    if (rng.chance(0.5)) b.set(t.corpus[base]!.subarray(0, Math.min(n, 1 + rng.int(8))), 0);
    return { input: b, base };
  }
  // a plain copy: Buffer#slice() makes views, and no mutation may reach the corpus
  let b: Uint8Array = new Uint8Array(t.corpus[base]!);
  // mostly one or two mutations (the decoder then sees a message close to a valid one), sometimes a pile of them
  const rounds = rng.chance(0.5) ? 1 : rng.chance(0.6) ? 2 : 3 + rng.int(4);
  for (let r = 0; r < rounds; r++) {
    if (t.ber && rng.chance(0.8)) {
      const tree = parseBer(b, 0, b.length);
      if (tree) {
        mutateBerTree(rng, tree, () => {
          const o = new Uint8Array(rng.pick(t.corpus));
          return parseBer(o, 0, o.length);
        });
        b = serializeBer(tree);
        continue;
      }
    }
    if (t.layout && rng.chance(0.75)) {
      let layout: Layout | undefined;
      try {
        layout = t.layout(b);
      } catch {
        layout = undefined;
      }
      if (layout) {
        b = mutateLayout(rng, b, layout);
        continue;
      }
    }
    b = mutateRaw(rng, b);
  }
  const max = t.maxLen ?? 8192;
  return { input: b.length > max ? b.subarray(0, max) : b, base };
}

export interface FuzzFault {
  target: string;
  seed: number;
  case: number;
  kind: 'throw' | 'property' | 'slow';
  error: string;
  input: string;
}

export interface FuzzReport {
  target: string;
  seed: number;
  cases: number;
  /** Cases the decoder accepted, and cases it refused with its own error. */
  decoded: number;
  refused: number;
  faults: FuzzFault[];
  ms: number;
  /** Slowest single case (ms; with slowMs, the best of three tries of a slow one) and its index. */
  slowest: { ms: number; case: number };
}

/** Run cases [from, from + cases) of `t` with `seed`. `slowMs`: a case slower than this is a fault (long runs only). */
export function runFuzz(t: FuzzTarget, opts: { seed: number; cases: number; from?: number; slowMs?: number; maxFaults?: number }): FuzzReport {
  const r: FuzzReport = { target: t.name, seed: opts.seed, cases: 0, decoded: 0, refused: 0, faults: [], ms: 0, slowest: { ms: 0, case: -1 } };
  const t0 = performance.now();
  const from = opts.from ?? 0;
  for (let i = from; i < from + opts.cases; i++) {
    const { input, base } = generate(t, opts.seed, i);
    const c0 = performance.now();
    let fault: Omit<FuzzFault, 'target' | 'seed' | 'case' | 'input'> | undefined;
    try {
      const bad = t.decode(input, base);
      r.decoded++;
      if (bad) fault = { kind: 'property', error: bad };
    } catch (e) {
      if (t.typed(e)) r.refused++;
      else fault = { kind: 'throw', error: `${(e as Error)?.name ?? typeof e}: ${(e as Error)?.message ?? String(e)}`.slice(0, 300) };
    }
    let ms = performance.now() - c0;
    if (!fault && opts.slowMs !== undefined && ms > opts.slowMs) {
      // a pause of the machine (GC, another process) is not the decoder's: slow is the best of three tries
      for (let k = 0; k < 2 && ms > opts.slowMs; k++) {
        const t1 = performance.now();
        try {
          t.decode(input, base);
        } catch {
          // judged above
        }
        ms = Math.min(ms, performance.now() - t1);
      }
      if (ms > opts.slowMs) fault = { kind: 'slow', error: `took ${ms.toFixed(1)} ms (best of three)` };
    }
    if (ms > r.slowest.ms) r.slowest = { ms, case: i };
    if (fault && r.faults.length < (opts.maxFaults ?? 20)) r.faults.push({ target: t.name, seed: opts.seed, case: i, input: hex(input), ...fault });
    r.cases++;
  }
  r.ms = performance.now() - t0;
  return r;
}

/**
 * The fast-tier check of one decoder: `cases` cases from the suite's seed; every fault is listed with what replays it.
 * The mix must hold both accepted and refused inputs, so a generator that degenerated (all noise, or no mutation at
 * all) fails the suite instead of passing it vacuously.
 */
export function assertFuzz(t: FuzzTarget, opts: { seed: number; cases: number }): FuzzReport {
  const r = runFuzz(t, opts);
  if (r.faults.length) throw new Error(`${r.faults.length} fault(s) in ${t.name}:\n${r.faults.map(faultText).join('\n')}`);
  if (r.decoded === 0 || r.refused === 0) throw new Error(`${t.name}: degenerate cases: ${r.decoded} decoded, ${r.refused} refused of ${r.cases}`);
  return r;
}

/** One line per fault, with what reproduces it. */
export function faultText(f: FuzzFault): string {
  return `${f.target} seed ${f.seed} case ${f.case} (npm run fuzz -- --target ${f.target} --seed ${f.seed} --case ${f.case}): ${f.kind}: ${f.error}; input ${f.input}`;
}

// `node --max-old-space-size=6144 --import tsx bench/heap-count.ts FILE.heapsnapshot N [MIN]`: what each held
// instance costs, from a heap snapshot taken with N instances in flight (`npm run perf -- --no-cpu --inflight N
// --heap-snapshot DIR`). Sums the objects' own sizes by kind and name (a class, a closure, arrays, strings, heap
// numbers) and prints the groups counted at least 0.9 × N times (MIN × N with MIN given): their count per instance
// and bytes per instance. A group made once per held instance (or a multiple) shows as a whole number per instance.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

const [file, nArg, minArg] = process.argv.slice(2);
if (!file || !nArg) {
  process.stderr.write('usage: bench/heap-count.ts FILE.heapsnapshot N [MIN (0.9)]\n');
  process.exit(2);
}
const n = Number(nArg);
const min = Number(minArg ?? '0.9');
const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const fields = snap.snapshot.meta.node_fields;
const types = snap.snapshot.meta.node_types[0];
const width = fields.length;
const [fType, fName, fSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];

const groups = new Map<string, { count: number; bytes: number }>();
let total = 0;
for (let i = 0; i < snap.nodes.length; i += width) {
  const type = types[snap.nodes[i + fType]!]!;
  const size = snap.nodes[i + fSize]!;
  // strings and numbers by kind and size (their names are their values), the others by constructor or closure name
  const name = type === 'string' || type === 'concatenated string' || type === 'sliced string' || type === 'number' ? `(${size} B each)` : snap.strings[snap.nodes[i + fName]!]!;
  const key = `${type}\t${name.length > 60 ? name.slice(0, 57) + '...' : name}`;
  total += size;
  const g = groups.get(key);
  if (g) {
    g.count++;
    g.bytes += size;
  } else groups.set(key, { count: 1, bytes: size });
}

const rows = [...groups].filter(([, g]) => g.count >= min * n).sort((a, b) => b[1].bytes - a[1].bytes);
process.stdout.write(`heap ${(total / 2 ** 20).toFixed(1)} MiB, ${(total / n).toFixed(0)} B per instance; groups counted >= ${min} x ${n}:\n`);
process.stdout.write('per instance\tB per instance\ttype\tname\n');
let sum = 0;
for (const [key, g] of rows) {
  sum += g.bytes;
  process.stdout.write(`${(g.count / n).toFixed(2)}\t${(g.bytes / n).toFixed(1)}\t${key}\n`);
}
process.stdout.write(`sum of these groups: ${(sum / n).toFixed(0)} B per instance\n`);

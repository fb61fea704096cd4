// In-process micro-benchmark of the INAP send path's argument handling (docs/performance.md): the InitialDP of
// `npm run bench` through outboundFields, unknownArgument and encodeArg, N times; prints µs per InitialDP.
// `node --import tsx bench/codec-micro.ts [N]`
import { argType } from '../plugins/inap/codec/args.js';
import { encodeArg } from '../plugins/sigtran/codec/index.js';
import { outboundFields, unknownArgument } from '../plugins/inap/runtime/prepare-args.js';

const N = Number(process.argv[2] ?? 200_000);
const at = argType('InitialDP', 'cs1')!;
const rc = argType('ReleaseCall', 'cs1')!;
const args = (n: number) => ({ serviceKey: 100, eventTypeBCSM: 3, calledPartyNumber_digits: '0211' + n, calledPartyNumber_noa: 3, callingPartyNumber_digits: '0217654321' });
let bytes = 0;
const once = (n: number) => {
  const f = outboundFields('InitialDP', 'cs1', args(n));
  if (unknownArgument(at, f) !== undefined) throw new Error('unknown');
  bytes += encodeArg(at, f).length;
  bytes += encodeArg(rc, outboundFields('ReleaseCall', 'cs1', { initialCallSegment_cause: 16 })).length;
};
for (let i = 0; i < 20_000; i++) once(i);
const best: number[] = [];
for (let r = 0; r < 5; r++) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i++) once(i);
  const u = process.cpuUsage(t0);
  best.push(((u.user + u.system) / N));
}
best.sort((a, b) => a - b);
console.log(`InitialDP + ReleaseCall arguments (outboundFields, unknownArgument, encodeArg): ${best[0]!.toFixed(2)} µs CPU per instance (best of 5 × ${N}; median ${best[2]!.toFixed(2)}) [${bytes}]`);

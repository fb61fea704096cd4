// Fuzzing of the service's front door: length-prefixed frames over real TCP connections into the frame server and the
// JSON-RPC dispatcher. Each case is one connection (the wire contract: one request per connection) carrying random or
// mutated bytes; the answer must be a well-formed JSON-RPC response with a catalogue code (never an internal error),
// or, for a frame that never completes, a clean close. Used by test/core/server/fuzz.test.ts and `npm run fuzz`.
import net from 'node:net';
import { errorCatalogue } from '../../core/errors.js';
import { FRAME_HEADER_BYTES, FrameDecoder, FrameTooLarge } from '../../core/framing/frame-decoder.js';
import { rpcCall } from '../../cli/rpc-client.js';
import { Dispatcher } from '../../core/rpc/dispatcher.js';
import { ErrorCode } from '../../core/errors.js';
import { caseSeed, concat, hex, prng, type FuzzFault, type FuzzReport, type Rng } from './fuzz.js';

const CODES = new Set<number>(errorCatalogue.map((e) => e.code));

/** Valid requests, mutated into the cases: every method, params as object and as string, ids of both kinds. */
function corpus(n: number): object[] {
  const def = {
    run_id: `fz-${n}`,
    vars: { a: '{ $n + 1 }', s: "{ 'x' + pad($n, 4) }" },
    distribution: { type: 'load', total: 2, backlog: 2 },
    operations: [
      { type: 'set', arguments: { vars: { b: '{ $v.a * 2 }' } }, tests: [{ kpath: 'vars.b', type: 'integer', value: 2 }] },
      { label: 'x', type: 'assert', arguments: { expression: '$v.b > 0', fail: 'no' } },
      { type: 'branch', arguments: { expression: 'false', on_true: 'x' } },
      { type: 'comment', arguments: { text: 'done' } },
    ],
  };
  return [
    { jsonrpc: '2.0', id: n, method: 'ListTests', params: {} },
    { jsonrpc: '2.0', id: `q${n}`, method: 'QueryTest', params: { run_id: `fz-${n - 1}` } },
    { jsonrpc: '2.0', id: n, method: 'CancelTest', params: { run_id: `fz-${n - 2}` } },
    { jsonrpc: '2.0', id: n, method: 'DescribeOperations', params: { types: ['set'] } },
    { jsonrpc: '2.0', id: n, method: 'ExecuteTest', params: def },
    { jsonrpc: '2.0', id: String(n), method: 'ExecuteTest', params: JSON.stringify({ ...def, distribution: undefined }) },
  ];
}

/** A random JSON value: the edges of numbers and strings, deep nesting, keys the prototype cares about. */
function randomJson(rng: Rng, depth = 0): unknown {
  switch (rng.int(16)) {
    case 0:
      return null;
    case 1:
      return rng.pick([0, -0, 1, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, 5e-324, 0.5]);
    case 2:
      return rng.pick(['', ' ', '\u0000', '\ud800', '\uffff', 'é€𝄞', '{', '{ $n }', '{ (', '\\{', '${x}', '../../etc/passwd']);
    case 3:
      return 'x'.repeat(rng.pick([1, 255, 256, 4096, 70_000]));
    case 4:
      return rng.chance(0.5);
    case 5:
      return depth < 4 ? [randomJson(rng, depth + 1), randomJson(rng, depth + 1)] : [];
    case 6:
      return depth < 4 ? { [rng.pick(['__proto__', 'constructor', 'prototype', 'toString', 'type', 'arguments', 'run_id', ''])]: randomJson(rng, depth + 1) } : {};
    case 7: {
      // nesting (deeper nesting is written as text: see mutateText)
      let v: unknown = 1;
      for (let i = rng.pick([10, 100, 1000]); i > 0; i--) v = rng.chance(0.5) ? [v] : { a: v };
      return v;
    }
    case 8:
      return rng.pick(['ExecuteTest', 'QueryTest', 'CancelTest', 'ListTests', 'DescribeOperations', 'executetest', 'rpc.discover', 'constructor', '__proto__']);
    case 9:
      return rng.pick(['2.0', '1.0', 2, null]);
    default:
      return rng.int(1000) - 10;
  }
}

/** Replace, delete or add one node of a JSON tree. */
function mutateJson(rng: Rng, root: Record<string, unknown>): void {
  let node: Record<string, unknown> | unknown[] = root;
  for (let depth = 0; depth < 8; depth++) {
    const keys: Array<string | number> = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    if (keys.length === 0 || rng.chance(0.15)) {
      if (Array.isArray(node)) node.push(randomJson(rng));
      else node[rng.pick(['extra', 'type', 'label', 'arguments', 'tests', 'params', 'id', 'method', 'jsonrpc', 'total', 'cps', 'run_id'])] = randomJson(rng);
      return;
    }
    const k = rng.pick(keys);
    const child = (node as Record<string | number, unknown>)[k];
    if (child && typeof child === 'object' && rng.chance(0.7)) {
      node = child as Record<string, unknown>;
      continue;
    }
    if (rng.chance(0.15) && !Array.isArray(node)) delete node[k as string];
    else (node as Record<string | number, unknown>)[k] = randomJson(rng);
    return;
  }
}

/** Text-level mutations of a JSON body: truncation, stray characters, bytes that are not UTF-8. */
function mutateText(rng: Rng, body: Uint8Array): Uint8Array {
  const at = rng.int(body.length + 1);
  switch (rng.int(7)) {
    case 0:
      return body.subarray(0, at);
    case 1:
      return concat(body.subarray(0, at), Buffer.from(rng.pick(['"', '{', '}', ',', ']', '\\', '\\u', '\u0000', ' ', '\ufeff', 'NaN', '1e999'])), body.subarray(at));
    case 2: {
      const out = body.slice();
      for (let k = 1 + rng.int(3); k > 0 && out.length; k--) out[rng.int(out.length)] = rng.pick([0x80, 0xc0, 0xed, 0xf8, 0xff, 0xfe, rng.int(256)]);
      return out;
    }
    case 3:
      return concat(Uint8Array.of(0xef, 0xbb, 0xbf), body);
    case 4:
      return concat(body, body);
    case 5: {
      // a value nested deeper than any JSON.stringify could write
      const n = rng.pick([1500, 10_000, 100_000]);
      const open = rng.chance(0.5) ? '[' : '{"a":';
      const close = open === '[' ? ']' : '}';
      return concat(body.subarray(0, at), Buffer.from(`,"deep":${open.repeat(n)}1${close.repeat(n)}`), body.subarray(at));
    }
    default:
      return concat(body.subarray(0, at), Buffer.from(`,"${'k'.repeat(rng.int(8))}":${JSON.stringify(randomJson(rng))}`), body.subarray(at));
  }
}

export interface FrameCase {
  bytes: Uint8Array;
  /** The bytes hold a whole frame (so an answer is due). */
  complete: boolean;
  /** The announced length exceeds max_message_bytes (the answer is 1000 naming the limit). */
  tooLarge: boolean;
}

function prefix(len: number): Uint8Array {
  const h = Buffer.alloc(FRAME_HEADER_BYTES);
  h.writeUInt32BE(len >>> 0, 0);
  return h;
}

/** The bytes of case (seed, i): a body (random, or a valid request mutated as JSON and/or as text) and its framing. */
export function generateFrame(seed: number, i: number, maxBytes: number): FrameCase {
  const rng = prng(caseSeed(seed, i));
  let body: Uint8Array;
  if (rng.chance(0.1)) body = rng.bytes(rng.int(300));
  else {
    const req = rng.pick(corpus(i)) as Record<string, unknown>;
    for (let k = rng.chance(0.3) ? 0 : 1 + rng.int(3); k > 0; k--) mutateJson(rng, req);
    body = Buffer.from(JSON.stringify(req) ?? 'null');
    if (rng.chance(0.35)) body = mutateText(rng, body);
  }
  const f = rng.int(20);
  if (f === 0) {
    // announces more than it sends: the client half-closes with the frame incomplete
    return { bytes: concat(prefix(body.length + 1 + rng.int(1000)), body), complete: false, tooLarge: false };
  }
  if (f === 1) {
    const len = rng.pick([maxBytes + 1, 0x7fffffff, 0x80000000, 0xffffffff]);
    return { bytes: concat(prefix(len), body), complete: false, tooLarge: true };
  }
  if (f === 2) {
    // a truncated prefix
    return { bytes: prefix(body.length).subarray(0, rng.int(FRAME_HEADER_BYTES)), complete: false, tooLarge: false };
  }
  if (f === 3 && body.length > 0) {
    // announces less than it sends: the frame is the first bytes, the rest is ignored
    return { bytes: concat(prefix(rng.int(body.length)), body), complete: true, tooLarge: false };
  }
  if (f === 4) {
    // two frames in one write: only the first is answered
    return { bytes: concat(prefix(body.length), body, prefix(body.length), body), complete: true, tooLarge: false };
  }
  return { bytes: concat(prefix(body.length), body), complete: true, tooLarge: false };
}

export interface Exchange {
  response?: Buffer;
  /** Frames (or garbage) after the first response. */
  extra: number;
  error?: string;
}

/** One connection: write the bytes, half-close, read until the server closes. */
export function exchange(port: number, bytes: Uint8Array, timeoutMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      const all = Buffer.concat(chunks);
      const out: Exchange = { extra: 0 };
      if (error) out.error = error;
      if (all.length >= FRAME_HEADER_BYTES) {
        const len = all.readUInt32BE(0);
        out.response = all.subarray(FRAME_HEADER_BYTES, FRAME_HEADER_BYTES + len);
        out.extra = all.length - FRAME_HEADER_BYTES - len;
        if (out.response.length < len) out.error = `response frame announces ${len} bytes, ${out.response.length} came`;
      } else if (all.length > 0) out.error = `${all.length} byte(s) that are not a frame`;
      resolve(out);
    };
    const timer = setTimeout(() => finish(`no answer and no close within ${timeoutMs} ms`), timeoutMs);
    sock.on('connect', () => sock.end(bytes));
    sock.on('data', (d: Buffer) => chunks.push(d));
    sock.on('error', () => finish());
    sock.on('close', () => finish());
  });
}

/** What is wrong with the answer to case `c`, or undefined. */
export function checkExchange(c: FrameCase, x: Exchange): string | undefined {
  if (x.error) return x.error;
  if (x.extra !== 0) return `${x.extra} byte(s) after the response frame`;
  if (!x.response) return c.complete || c.tooLarge ? 'no response to a complete frame' : undefined;
  let r: { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } | null };
  try {
    r = JSON.parse(x.response.toString('utf8'));
  } catch (e) {
    return `the response is not JSON: ${(e as Error).message}`;
  }
  if (r.jsonrpc !== '2.0') return `response jsonrpc ${JSON.stringify(r.jsonrpc)}`;
  if (r.error) {
    const { code, message } = r.error;
    if (typeof code !== 'number' || !CODES.has(code)) return `error code ${JSON.stringify(code)} is not in the catalogue`;
    if (typeof message !== 'string' || message === '') return 'error without a message';
    if (/internal error/i.test(message)) return `internal error: ${message.slice(0, 300)}`;
    if (c.tooLarge && !(code === 1000 && /exceeds max_message_bytes/.test(message))) return `an oversized frame answered ${code} ${message.slice(0, 200)}`;
    return undefined;
  }
  if (c.tooLarge) return 'an oversized frame was answered with a result';
  if (!('result' in r)) return 'response with neither result nor error';
  return undefined;
}

/** A report to fill, and the bookkeeping of one answered case. */
function frameReport(target: string, seed: number): FuzzReport {
  return { target, seed, cases: 0, decoded: 0, refused: 0, faults: [], ms: 0, slowest: { ms: 0, case: -1 } };
}

function tally(r: FuzzReport, i: number, c: FrameCase, x: Exchange, ms: number, maxFaults: number): void {
  if (ms > r.slowest.ms) r.slowest = { ms, case: i };
  const bad = checkExchange(c, x);
  if (bad) {
    if (r.faults.length < maxFaults) r.faults.push({ target: r.target, seed: r.seed, case: i, kind: 'property', error: bad, input: hex(c.bytes) } satisfies FuzzFault);
  } else if (x.response && /"error":null/.test(x.response.toString())) r.decoded++;
  else r.refused++;
  r.cases++;
}

/**
 * Cases [from, from + cases) over `concurrency` parallel connections to the service on `port`. Returns the same
 * report as the decoder fuzz: `decoded` counts answers with a result, `refused` answers with an error (or a clean
 * close of an incomplete frame).
 */
export async function runFrameFuzz(opts: { port: number; seed: number; cases: number; from?: number; concurrency?: number; maxBytes: number; timeoutMs?: number; maxFaults?: number }): Promise<FuzzReport> {
  const r = frameReport('framing-tcp', opts.seed);
  const t0 = performance.now();
  const from = opts.from ?? 0;
  let next = from;
  const worker = async () => {
    while (next < from + opts.cases) {
      const i = next++;
      const c = generateFrame(opts.seed, i, opts.maxBytes);
      const c0 = performance.now();
      const x = await exchange(opts.port, c.bytes, opts.timeoutMs ?? 15_000);
      tally(r, i, c, x, performance.now() - c0, opts.maxFaults ?? 20);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  r.ms = performance.now() - t0;
  return r;
}

/**
 * The same cases without the sockets (for the million-frame runs of `npm run fuzz`): the bytes go through a
 * FrameDecoder in chunks of random sizes, as the frame server reads them, and the first frame to the service's
 * dispatcher; a frame refused by the decoder gets the frame server's answer (1000 with the reason).
 */
export async function runFrameFuzzInProcess(opts: { dispatcher: Dispatcher; seed: number; cases: number; from?: number; maxBytes: number; maxFaults?: number }): Promise<FuzzReport> {
  const r = frameReport('framing', opts.seed);
  const t0 = performance.now();
  const from = opts.from ?? 0;
  for (let i = from; i < from + opts.cases; i++) {
    const c = generateFrame(opts.seed, i, opts.maxBytes);
    const rng = prng(caseSeed(opts.seed ^ 0x5eed, i));
    const c0 = performance.now();
    const dec = new FrameDecoder(opts.maxBytes);
    let frame: Buffer | undefined;
    let refusal: string | undefined;
    for (let p = 0; p < c.bytes.length && !frame && !refusal; ) {
      const n = 1 + rng.int(rng.chance(0.5) ? 8 : c.bytes.length);
      try {
        frame = dec.push(c.bytes.subarray(p, p + n))[0];
      } catch (e) {
        refusal = e instanceof FrameTooLarge ? e.message : `internal error: the frame decoder threw ${String(e)}`;
      }
      p += n;
    }
    let x: Exchange;
    try {
      // the dispatcher "never throws": if it does, the frame server answers 1000 "internal error", a fault here too
      const text = refusal !== undefined ? Dispatcher.error(null, ErrorCode.General, refusal) : frame ? await opts.dispatcher.handle(frame) : undefined;
      x = text === undefined ? { extra: 0 } : { extra: 0, response: Buffer.from(text) };
    } catch (e) {
      x = { extra: 0, error: `the dispatcher threw ${(e as Error)?.stack?.split('\n').slice(0, 3).join(' ') ?? String(e)}` };
    }
    tally(r, i, c, x, performance.now() - c0, opts.maxFaults ?? 20);
  }
  r.ms = performance.now() - t0;
  return r;
}

/**
 * Cancel every run the cases started (mutated ExecuteTests may be accepted, some of them looping for ever), so they do
 * not pile up. Generous timeouts: many looping runs slow every answer of the service down.
 */
export async function cancelAll(port: number, timeoutMs = 120_000): Promise<number> {
  const l = await rpcCall({ port }, 'ListTests', {}, { timeoutMs });
  let n = 0;
  for (const t of (l.result?.runs ?? []) as Array<{ run_id: string; completed: number }>) {
    if (t.completed === 1) continue;
    const c = await rpcCall({ port }, 'CancelTest', { run_id: t.run_id }, { timeoutMs });
    if (!c.error) n++;
  }
  return n;
}

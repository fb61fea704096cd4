// Flows (docs/definitions.md "Flows"): named operation lists of a definition (`flows`), entered by the flow-control
// operations `call`, `repeat`, `choose` and `parallel` (registered by the logic plugin for their schemas; run by the
// engine, core/engine/flow-frames.ts and leg.ts). Compiled once per run: each flow's operations, its own branch
// labels (a branch never crosses a flow's boundary), its declared args; each control operation linked to the flows
// it names. Every misuse is a 2002 naming its JSON path.
import type { Json, JsonObject } from '../api/index.js';
import { invalid } from '../errors.js';
import { compileTemplate, type Template } from '../expr/template.js';
import type { CompiledOp } from './definition.js';
import type { RegisteredOperation } from '../plugins/registry.js';

/** How deep flows may nest in one instance (calls within calls, legs within legs; docs/limits.md). */
export const MAX_FLOW_DEPTH = 32;
/** The most flows a definition has, its own and its included ones together (docs/limits.md). */
export const MAX_FLOWS = 1000;

export interface CompiledFlow {
  name: string;
  /** `flows.<name>`: the prefix of its operations' paths. */
  path: string;
  ops: CompiledOp[];
  labels: Map<string, number>;
  /** Declared args, each with its default (undefined: required). */
  args: Map<string, Json | undefined>;
  /** How many times it may be on an instance's flow stack at once (1 unless declared: no recursion). */
  maxDepth: number;
}

/** A leg of `parallel`: its name (the ladder's label) and the flow it runs. */
export interface CompiledLeg {
  name: string;
  flow: CompiledFlow;
}

/** What a flow-control operation does, linked at compile time (CompiledOp.control). */
export interface FlowControl {
  kind: 'call' | 'repeat' | 'choose' | 'parallel';
  /** call, repeat: the flow. */
  flow: CompiledFlow | undefined;
  /** choose: the flows and their cumulative weights (last = the total); counts per flow, for the record. */
  choices: CompiledFlow[];
  cumulative: number[];
  counts: number[];
  /** repeat: at most this many iterations (Infinity: bounded by `while` and the instance's steps). */
  count: number;
  /** repeat: evaluated in the caller's scope before each iteration; false ends the loop. */
  whileExpr: Template | undefined;
  /** parallel: the legs and the join. */
  legs: CompiledLeg[];
  join: 'all' | 'first';
  /** Caller var ← the flow's local (parallel: `<leg>.<local>`), copied when the flow returns. */
  save: Array<[string, string]>;
}

const FLOW_KINDS: ReadonlySet<string> = new Set(['call', 'repeat', 'choose', 'parallel']);
const NAME = /^[A-Za-z_][\w-]*$/;

/** Whether a registered operation is one of the engine-run flow controls (the logic plugin's bare names). */
export function isFlowControl(op: RegisteredOperation): boolean {
  return op.plugin === 'logic' && FLOW_KINDS.has(op.def.type);
}

/** The definition's flows, their shells first (a control may name any of them), then each one's operations. */
export function compileFlows(raw: JsonObject | undefined, flows: Map<string, CompiledFlow>, compileList: (ops: JsonObject[], base: string, labels: Map<string, number>) => CompiledOp[]): void {
  const bodies: Array<[CompiledFlow, JsonObject[]]> = [];
  for (const [name, def] of Object.entries(raw ?? {})) {
    const path = `flows.${name}`;
    if (!NAME.test(name)) throw invalid(path, `a flow's name is a word (letters, digits, _ and -), got '${name}'`);
    const obj = Array.isArray(def) ? { operations: def } : (def as JsonObject);
    const flow: CompiledFlow = { name, path, ops: [], labels: new Map(), args: flowArgs(obj.args, `${path}.args`), maxDepth: (obj.max_depth as number | undefined) ?? 1 };
    flows.set(name, flow);
    bodies.push([flow, obj.operations as JsonObject[]]);
  }
  for (const [flow, ops] of bodies) flow.ops = compileList(ops, Array.isArray((raw ?? {})[flow.name]) ? flow.path : `${flow.path}.operations`, flow.labels);
  checkCycles(flows);
}

/** `args`: a list of names (all required) or an object of names and defaults (null: required). */
function flowArgs(raw: Json | undefined, path: string): Map<string, Json | undefined> {
  const args = new Map<string, Json | undefined>();
  if (raw === undefined) return args;
  const entries: Array<[string, Json]> = Array.isArray(raw) ? raw.map((n) => [String(n), null]) : Object.entries(raw as JsonObject);
  for (const [n, d] of entries) {
    if (!NAME.test(n)) throw invalid(path, `an arg's name is a word, got '${n}'`);
    args.set(n, d === null ? undefined : d);
  }
  return args;
}

/** Link a control operation to its flows (`args` are in its arguments, rendered per instance in the caller's scope). */
export function compileControl(args: JsonObject, kind: FlowControl['kind'], flows: ReadonlyMap<string, CompiledFlow>, path: string): FlowControl {
  const c: FlowControl = { kind, flow: undefined, choices: [], cumulative: [], counts: [], count: Infinity, whileExpr: undefined, legs: [], join: 'all', save: [] };
  if (kind === 'call' || kind === 'repeat') {
    c.flow = flowNamed(args.flow, flows, `${path}.flow`);
    checkArgs(c.flow, args.args as JsonObject | undefined, `${path}.args`);
  }
  if (kind === 'repeat') repeatBounds(c, args, path);
  if (kind === 'choose') chooseWeights(c, args, flows, path);
  if (kind === 'parallel') parallelLegs(c, args, flows, path);
  for (const [to, from] of Object.entries((args.save ?? {}) as JsonObject)) {
    if (typeof from !== 'string') throw invalid(`${path}.save.${to}`, "names the flow's local to copy (a string)");
    c.save.push([to, from]);
  }
  return c;
}

function flowNamed(name: Json | undefined, flows: ReadonlyMap<string, CompiledFlow>, path: string): CompiledFlow {
  const f = typeof name === 'string' ? flows.get(name) : undefined;
  if (f) return f;
  const known = [...flows.keys()];
  throw invalid(path, `unknown flow ${JSON.stringify(name)}${known.length ? ` (flows: ${known.join(', ')})` : ' (the definition has no flows)'}`);
}

/** The call's args against the flow's declared ones: none unknown, none required missing. */
function checkArgs(flow: CompiledFlow, args: JsonObject | undefined, path: string): void {
  for (const k of Object.keys(args ?? {})) {
    if (!flow.args.has(k)) throw invalid(`${path}.${k}`, `flow '${flow.name}' has no arg '${k}' (${flow.args.size ? `its args: ${[...flow.args.keys()].join(', ')}` : 'it declares none'})`);
  }
  for (const [k, d] of flow.args) if (d === undefined && !(args && k in args)) throw invalid(path, `flow '${flow.name}' needs arg '${k}'`);
}

function repeatBounds(c: FlowControl, args: JsonObject, path: string): void {
  if (args.count === undefined && args.while === undefined) throw invalid(path, 'repeat needs a count, a while expression or both');
  if (args.count !== undefined) {
    if (typeof args.count !== 'number') throw invalid(`${path}.count`, 'is a number, not an expression (use while for a bound computed per instance)');
    c.count = args.count;
  }
  if (args.while !== undefined) c.whileExpr = compileTemplate(args.while, `${path}.while`, { alwaysExpr: [] });
}

/** Each flow of `weights` with its cumulative weight; every one of them takes the same `args`. */
function chooseWeights(c: FlowControl, args: JsonObject, flows: ReadonlyMap<string, CompiledFlow>, path: string): void {
  let total = 0;
  for (const [name, w] of Object.entries((args.weights ?? {}) as JsonObject)) {
    const p = `${path}.weights.${name}`;
    const flow = flowNamed(name, flows, p);
    if (typeof w !== 'number' || !Number.isFinite(w) || w < 0) throw invalid(p, `a weight is a number >= 0, got ${JSON.stringify(w)}`);
    checkArgs(flow, args.args as JsonObject | undefined, `${path}.args`);
    total += w;
    c.choices.push(flow);
    c.cumulative.push(total);
    c.counts.push(0);
  }
  if (!(total > 0)) throw invalid(`${path}.weights`, 'needs at least one flow with a weight > 0');
}

function parallelLegs(c: FlowControl, args: JsonObject, flows: ReadonlyMap<string, CompiledFlow>, path: string): void {
  const legs = args.legs as JsonObject[];
  legs.forEach((l, i) => {
    const name = (l.name as string | undefined) ?? (l.flow as string);
    if (c.legs.some((x) => x.name === name)) throw invalid(`${path}.legs[${i}].name`, `leg '${name}' is named twice (name the legs that run the same flow)`);
    const flow = flowNamed(l.flow, flows, `${path}.legs[${i}].flow`);
    checkArgs(flow, l.args as JsonObject | undefined, `${path}.legs[${i}].args`);
    c.legs.push({ name, flow });
  });
  c.join = (args.join as 'all' | 'first' | undefined) ?? 'all';
}

/** The flows each flow's controls enter. */
function callees(flow: CompiledFlow): CompiledFlow[] {
  const out: CompiledFlow[] = [];
  for (const op of flow.ops) {
    const c = op?.control;
    if (!c) continue;
    if (c.flow) out.push(c.flow);
    out.push(...c.choices, ...c.legs.map((l) => l.flow));
  }
  return out;
}

/** A call cycle is recursion: each flow on it must declare its bound (`max_depth`), else 2002. */
function checkCycles(flows: ReadonlyMap<string, CompiledFlow>): void {
  for (const start of flows.values()) {
    const seen = new Set<CompiledFlow>();
    const stack: Array<[CompiledFlow, string[]]> = callees(start).map((f) => [f, [start.name, f.name]]);
    while (stack.length) {
      const [f, via] = stack.pop()!;
      if (f === start) {
        if (start.maxDepth > 1) break;
        throw invalid(start.path, `flow '${start.name}' recurses (${via.join(' → ')}) without a bound: declare it {"max_depth": N, "operations": [...]} (N at most ${MAX_FLOW_DEPTH}), or use repeat`);
      }
      if (seen.has(f)) continue;
      seen.add(f);
      for (const g of callees(f)) stack.push([g, [...via, g.name]]);
    }
  }
}

/** The record's `choices`: per choose operation (its path), how many instances each flow was picked for. */
export function choiceCounts(chooses: readonly CompiledOp[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const op of chooses) {
    const c = op.control!;
    const counts: Record<string, number> = {};
    c.choices.forEach((f, i) => (counts[f.name] = c.counts[i]!));
    out[op.path] = counts;
  }
  return out;
}

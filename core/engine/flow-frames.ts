// Entering and leaving flows within one instance (call, repeat, choose; parallel legs: leg.ts). The instance keeps
// a stack of frames only once it enters a flow: a definition without flows allocates nothing here. A frame holds
// where to come back to (the caller's operations, labels and the control's index) and the caller's vars; the flow
// runs with its own locals as $v (its args, with their defaults) and its own labels.
import type { Json, JsonObject, OperationOutcome } from '../api/index.js';
import { InstanceAbort } from '../errors.js';
import type { ExprScope } from '../expr/template.js';
import type { CompiledOp } from './definition.js';
import { MAX_FLOW_DEPTH, type CompiledFlow, type FlowControl } from './flows.js';
import type { SizeLedger } from './size-ledger.js';

interface Frame {
  /** The caller's operations and labels, and the control operation's index in them. */
  ops: CompiledOp[];
  labels: Map<string, number>;
  pc: number;
  vars: JsonObject;
  sizes: SizeLedger | undefined;
  /** The caller's flow path (undefined: the definition's operations). */
  flowPath: string | undefined;
  flow: CompiledFlow;
  control: FlowControl;
  /** The control's rendered `args` (repeat binds them again for each iteration). */
  args: JsonObject | undefined;
  iteration: number;
  /** The control's start and the fails before it: its operationDone when the flow returns. */
  t0: number;
  failsBefore: number;
}

/** An instance's place in flows (InstanceContext.fx). */
export interface FlowState {
  frames: Frame[];
  /** The flow path the instance is in, `a/b`; undefined: the definition's operations. */
  flow: string | undefined;
  /** A parallel leg's name (`a/b` for a leg of a leg). */
  leg: string | undefined;
  /** Flows entered before this state's frames (a leg's instance's), for the depth bound. */
  base: number;
  /** A leg stopped by its join: why. */
  stop: string | undefined;
  /** What each choose picked (the record's failures[].choices), when the instance is watched. */
  choices: Array<{ op: string; flow: string }> | undefined;
  /** The legs of the parallel operation the instance waits on (a stop reaches them too). */
  join: { stopAll(reason: string): void } | undefined;
}

/** What of an instance the frames move: its running list and pc, its vars and scope. */
export interface FlowCursor {
  ops: CompiledOp[];
  labels: Map<string, number>;
  pc: number;
  vars: JsonObject;
  varSizes: SizeLedger | undefined;
  fx: FlowState | undefined;
  readonly watched: boolean;
  /** Whether its traces are written (their texts are built only then). */
  readonly detailed: boolean;
  readonly scopeOf: ExprScope;
  t0: number;
  failsBefore: number;
  random(): number;
  /** A choose picked `flow`: kept for the instance's detail (failures[].choices) when it is watched. */
  chose(op: string, flow: string): void;
  trace(level: 1 | 2 | 3, text: string): void;
}

export function flowState(leg?: string, base = 0): FlowState {
  return { frames: [], flow: undefined, leg, base, stop: undefined, choices: undefined, join: undefined };
}

/** The flow's locals: its args' defaults, then the args given. */
export function bindArgs(flow: CompiledFlow, args: JsonObject | undefined): JsonObject {
  const v: JsonObject = {};
  for (const [k, d] of flow.args) if (d !== undefined) v[k] = d !== null && typeof d === 'object' ? structuredClone(d) : d;
  if (args) for (const k in args) v[k] = args[k] as Json;
  return v;
}

/** The flow a choose picks: by its cumulative weights, with the instance's random(). */
function pick(c: FlowControl, r: number): number {
  const x = r * c.cumulative[c.cumulative.length - 1]!;
  let i = 0;
  while (i < c.cumulative.length - 1 && x >= c.cumulative[i]!) i++;
  return i;
}

/**
 * A control operation (not parallel) starts: its flow is entered (true), or, a repeat whose bound or `while` stops it
 * before the first run, nothing is (false: the control is done at once).
 */
export function enterControl(cur: FlowCursor, op: CompiledOp, args: JsonObject): boolean {
  const c = op.control!;
  let flow = c.flow;
  if (c.kind === 'choose') {
    const i = pick(c, cur.random());
    flow = c.choices[i]!;
    c.counts[i]!++;
    if (cur.detailed) cur.trace(1, `choose: ${flow.name}`);
    if (cur.watched) cur.chose(op.path, flow.name);
  }
  const given = args.args as JsonObject | undefined;
  if (c.kind === 'repeat' && !another(cur, c, 0)) return false;
  const fx = (cur.fx ??= flowState());
  checkDepth(fx, flow!);
  fx.frames.push({ ops: cur.ops, labels: cur.labels, pc: cur.pc, vars: cur.vars, sizes: cur.varSizes, flowPath: fx.flow, flow: flow!, control: c, args: given, iteration: 0, t0: cur.t0, failsBefore: cur.failsBefore });
  begin(cur, fx, flow!, given, c.kind === 'repeat' ? 0 : undefined);
  return true;
}

/** Whether a repeat runs again (iteration `i`): within its count and while its expression holds. */
function another(cur: FlowCursor, c: FlowControl, i: number): boolean {
  if (i >= c.count) return false;
  if (!c.whileExpr) return true;
  try {
    return Boolean(c.whileExpr.render(cur.scopeOf));
  } catch (e) {
    throw new InstanceAbort(`repeat: the while expression failed: ${(e as Error).message}`);
  }
}

/** The bound on nesting (docs/limits.md), and a recursive flow's own `max_depth`. */
function checkDepth(fx: FlowState, flow: CompiledFlow): void {
  if (fx.base + fx.frames.length >= MAX_FLOW_DEPTH) throw new InstanceAbort(`flow '${flow.name}': flows nested more than ${MAX_FLOW_DEPTH} deep`);
  if (fx.frames.length === 0) return;
  let on = 0;
  for (const f of fx.frames) if (f.flow === flow) on++;
  if (on >= flow.maxDepth) throw new InstanceAbort(`flow '${flow.name}': recursion deeper than its max_depth ${flow.maxDepth}`);
}

/** The flow runs from its first operation with fresh locals. */
function begin(cur: FlowCursor, fx: FlowState, flow: CompiledFlow, args: JsonObject | undefined, iteration: number | undefined): void {
  const locals = bindArgs(flow, args);
  if (iteration !== undefined) locals.repeat_index = iteration;
  const caller = fx.frames[fx.frames.length - 1]!.flowPath;
  fx.flow = caller === undefined ? flow.name : `${caller}/${flow.name}`;
  cur.ops = flow.ops;
  cur.labels = flow.labels;
  cur.pc = 0;
  cur.vars = locals;
  cur.varSizes = undefined;
  if (cur.detailed && !iteration) cur.trace(1, `enter flow ${fx.flow}`);
}

/**
 * The flow ran to its end: `save` copies its locals into the caller's vars; a repeat runs it again (undefined), else
 * the caller is back at its control operation, whose outcome is the flow's locals.
 */
export function leaveFlow(cur: FlowCursor): OperationOutcome | undefined {
  const fx = cur.fx!;
  const f = fx.frames[fx.frames.length - 1]!;
  const locals = cur.vars;
  for (const [to, from] of f.control.save) f.vars[to] = locals[from] ?? null;
  if (f.control.kind === 'repeat') {
    restore(cur, f);
    if (another(cur, f.control, ++f.iteration)) {
      begin(cur, fx, f.flow, f.args, f.iteration);
      return undefined;
    }
    if (cur.detailed) cur.trace(1, `leave flow ${fx.flow} after ${f.iteration} runs`);
  } else if (cur.detailed) cur.trace(1, `leave flow ${fx.flow}`);
  fx.frames.pop();
  restore(cur, f);
  fx.flow = f.flowPath;
  cur.t0 = f.t0;
  cur.failsBefore = f.failsBefore;
  return { result: locals };
}

/** The caller's operations, place and vars again. */
function restore(cur: FlowCursor, f: Frame): void {
  cur.ops = f.ops;
  cur.labels = f.labels;
  cur.pc = f.pc;
  cur.vars = f.vars;
  cur.varSizes = f.sizes;
}

/** The instance's own vars, whatever flow it ended in. */
export function outermostVars(cur: FlowCursor): JsonObject {
  const frames = cur.fx?.frames;
  return frames?.length ? frames[0]!.vars : cur.vars;
}

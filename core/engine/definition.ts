// ExecuteTest params → a compiled Test Definition: operation types resolved, arguments validated (expressions
// compiled, their values validated per instance), labels checked, gateways resolved, distribution normalised.
// Everything that can be wrong with a definition is found here and reported as 2002 with its JSON path.
import type { Distribution, GatewayInstance, Json, JsonObject, OperationDefinition, TraceLevel } from '../api/index.js';

export type { Distribution } from '../api/index.js';
import { invalid, cannotStart, TesterError } from '../errors.js';
import { compileTemplate, isExpressionString, type Template, type ExprScope } from '../expr/template.js';
import { describeError, unknownFirst } from '../validation/ajv.js';
import { checkArguments, joinPath } from '../validation/shape.js';
import { nearest } from '../validation/suggest.js';
import { RunExprState } from '../expr/run-state.js';
import { expressionLimits } from '../expr/limits.js';
import { jsonValueSize } from '../expr/json-value.js';
import { compileRegex } from './regex.js';
import { nextTurn, shouldYield } from './turn.js';
import type { Registry, RegisteredOperation } from '../plugins/registry.js';
import type { TestSpec } from './tests-runner.js';
import { compileThresholds, type CompiledThreshold } from './thresholds.js';
import { instanceNumber } from './slice.js';
import { compileDistribution } from './distribution.js';
import { DEFAULT_FAILURE_DETAIL } from './failure-evidence.js';
import { checkDataRefs, compileData, cutToRows, instanceDraw, preloadData, type CompiledData, type InstanceDraw } from './data-sets.js';
import { withLibraries } from './flow-library.js';
import { compileControl, compileFlows, isFlowControl, type CompiledFlow, type FlowControl } from './flows.js';

export interface CompiledOp {
  index: number;
  type: string;
  label: string | undefined; // the op's branch label
  typeLabel: string | undefined; // <family>.<label>.<Name>
  op: RegisteredOperation;
  def: OperationDefinition;
  /** Static, validated arguments (shared by all instances), or a template rendered per instance. */
  staticArgs: JsonObject | undefined;
  template: Template | undefined;
  tests: Array<{ template: Template | undefined; spec: TestSpec | undefined }>;
  gateway: GatewayInstance | undefined;
  path: string;
  /** A flow control (call, repeat, choose, parallel), run by the engine (engine/flows.ts). */
  control: FlowControl | undefined;
}

export interface CompiledDefinition {
  runId: string;
  params: JsonObject;
  ops: CompiledOp[];
  labels: Map<string, number>;
  vars: Array<[string, Template]>;
  /** Instance 0's vars when they were evaluated at ExecuteTest (for the lock keys), with its rows and generator. */
  vars0: JsonObject | undefined;
  draw0?: InstanceDraw;
  /** ExecuteTest `seed`: each instance's generator is seeded from it and $n (random.ts); undefined: Math.random. */
  seed: number | undefined;
  /** The data sets (data-sets.ts), read as $d. */
  data: CompiledData | undefined;
  /** The run's expression state (sequence() counters), shared by its instances and ended with the run. */
  exprState: RunExprState;
  lockKeys: string[];
  distribution: Distribution;
  traceLevel: TraceLevel;
  recordMessages: boolean;
  /**
   * detail: how many failed (and how many aborted) instances the record keeps in detail (`failures`), at which
   * trace level (`trace_level`, default the run's) and whether their messages are recorded.
   */
  failureDetail: { count: number; traceLevel: TraceLevel; recordMessages: boolean };
  turbo: boolean;
  gateways: GatewayInstance[];
  /** Pass/fail criteria on the whole run (engine/thresholds.ts), evaluated into the result record. */
  thresholds: CompiledThreshold[];
  /** The `choose` operations (their counts per flow go into the record). */
  chooses: CompiledOp[];
}

export interface CompileLimits {
  maxBacklog: number;
  maxTotal: number;
  defaultBacklog: number;
  /** Where `include` reads library flows (<data-dir>/flows/); none: a definition may include none. */
  flowsDir?: string;
}

/**
 * A definition's own bounds (the params schema's maxima) and the backlog when it names none: the compile limits
 * where no service narrows them (`tester validate`, the operation tester). A service's `max_backlog` narrows the
 * backlog (core/service.ts).
 */
export const DEFINITION_LIMITS: Readonly<CompileLimits> = Object.freeze({ maxTotal: 100_000_000, maxBacklog: 1_000_000, defaultBacklog: 100 });

/**
 * Compile a checked definition in one go. Throws the first problem (2002/2003); with `problems`, every problem
 * found is collected there (each operation, the vars, the locks and the distribution are compiled on their own)
 * and the first is thrown at the end (`tester validate` reports them all).
 */
export function compileDefinition(params: JsonObject, registry: Registry, limits: CompileLimits, problems?: TesterError[]): CompiledDefinition {
  const steps = compiling(params, registry, limits, problems);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * Compile in slices for the service: a definition of 10,000 operations takes a few hundred ms of CPU to
 * compile, and the event loop must not be held that long (other clients, other runs): it yields between
 * operations once the current slice has run its time (core/engine/turn.ts).
 */
export async function compileDefinitionSliced(params: JsonObject, registry: Registry, limits: CompileLimits): Promise<CompiledDefinition> {
  await preloadData(params, registry);
  const steps = compiling(params, registry, limits);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (shouldYield()) await nextTurn();
  }
}

/** What every operation of a definition is compiled against. */
interface OpContext {
  params: JsonObject;
  registry: Registry;
  /** The definition's branch labels (targets are checked against them in prepare()). */
  labels: ReadonlySet<string>;
  /** The gateway instances the operations use, gathered as they are compiled. */
  gateways: Set<GatewayInstance>;
  /** Every problem found, when the caller collects them all (`tester validate`). */
  problems: TesterError[] | undefined;
  /** The definition's flows, which control operations name. */
  flows: Map<string, CompiledFlow>;
  chooses: CompiledOp[];
}

/** Run `fn`; with `problems`, a TesterError it throws is collected there instead (and undefined returned). */
function attemptWith(problems: TesterError[] | undefined) {
  return <T>(fn: () => T): T => {
    if (!problems) return fn();
    try {
      return fn();
    } catch (e) {
      if (!(e instanceof TesterError)) throw e;
      if (!problems.includes(e)) problems.push(e);
      return undefined as T;
    }
  };
}

/** The compilation, one step per operation (yield), so that a caller may pause between them. */
function* compiling(params: JsonObject, registry: Registry, limits: CompileLimits, problems?: TesterError[]): Generator<void, CompiledDefinition> {
  const rawOps = params.operations as JsonObject[];
  const attempt = attemptWith(problems);
  // Labels first: branch targets are checked against them in prepare().
  const labels = branchLabels(rawOps, attempt);
  const cx: OpContext = { params, registry, labels: new Set(labels.keys()), gateways: new Set(), problems, flows: new Map(), chooses: [] };
  // flows first: a control operation of the main list names them
  attempt(() => compileFlows(withLibraries(params, limits.flowsDir), cx.flows, (list, base, own) => compileList(list, base, own, cx, attempt)));
  const ops: CompiledOp[] = [];
  for (let i = 0; i < rawOps.length; i++) {
    ops.push(attempt(() => compileOp(rawOps[i]!, i, cx)));
    yield;
  }
  const vars = compileVars((params.vars ?? {}) as JsonObject, attempt);
  const exprState = new RunExprState();
  const data = attempt(() => compileData(params, registry));
  attempt(() => checkDataRefs(params, registry, problems));
  const whole = attempt(() => compileDistribution((params.distribution ?? {}) as JsonObject, limits, params.slice as JsonObject | undefined));
  const distribution = whole && cutToRows(whole, data?.endAfter);
  const seed = params.seed as number | undefined;
  // $n of the run's first instance (not 0 in a slice other than the first)
  const n0 = instanceNumber(distribution?.slice, 0);
  const locks = (params.locks ?? []) as Array<{ key: string }>;
  const draw0 = locks.length > 0 && !problems?.length ? attempt(() => firstDraw(seed, data, n0)) : undefined;
  const { lockKeys, vars0 } = problems?.length ? { lockKeys: [], vars0: undefined } : compileLocks(locks, vars, n0, exprState, draw0);
  const traceLevel = (params.trace_level ?? 0) as TraceLevel;
  const thresholds = distribution ? attempt(() => compileThresholds(params.thresholds as string[] | undefined, distribution)) : [];
  if (problems?.length) throw problems[0];
  return {
    runId: params.run_id as string,
    params,
    ops,
    labels,
    vars,
    vars0,
    draw0,
    seed,
    data,
    exprState,
    lockKeys,
    distribution,
    traceLevel,
    recordMessages: traceLevel >= 1 || params.trace_messages === 1,
    failureDetail: failureDetail(params, traceLevel),
    turbo: params.turbo === 1,
    gateways: [...cx.gateways],
    thresholds,
    chooses: cx.chooses,
  };
}

/** ExecuteTest `detail` (engine/failure-evidence.ts): by default as much detail as first_call has. */
function failureDetail(params: JsonObject, traceLevel: TraceLevel): CompiledDefinition['failureDetail'] {
  const d = (params.detail ?? {}) as JsonObject;
  const level = (d.trace_level ?? traceLevel) as TraceLevel;
  return { count: (d.failures as number | undefined) ?? DEFAULT_FAILURE_DETAIL, traceLevel: level, recordMessages: level >= 1 || (d.trace_level === undefined && params.trace_messages === 1) };
}

/** A flow's operations, with its own labels (`base`: flows.<name>): a branch never leaves its list. */
function compileList(rawOps: JsonObject[], base: string, labels: Map<string, number>, cx: OpContext, attempt: ReturnType<typeof attemptWith>): CompiledOp[] {
  for (const [l, i] of branchLabels(rawOps, attempt, base)) labels.set(l, i);
  const own: OpContext = { ...cx, labels: new Set(labels.keys()) };
  return rawOps.map((o, i) => attempt(() => compileOp(o, i, own, base)));
}

/** Each operation's branch label and its index; a label used twice is a problem. */
function branchLabels(rawOps: readonly JsonObject[], attempt: ReturnType<typeof attemptWith>, base = 'operations'): Map<string, number> {
  const labels = new Map<string, number>();
  rawOps.forEach((o, i) => {
    const l = o.label as string | undefined;
    if (l === undefined) return;
    if (labels.has(l)) attempt(() => { throw invalid(`${base}[${i}].label`, `label '${l}' is already used by ${base}[${labels.get(l)}]`); });
    else labels.set(l, i);
  });
  return labels;
}

/** The vars, in order; values may be expressions over $n, $g and the vars before them. */
function compileVars(varsObj: JsonObject, attempt: ReturnType<typeof attemptWith>): Array<[string, Template]> {
  const vars: Array<[string, Template]> = [];
  for (const [k, v] of Object.entries(varsObj)) {
    const path = /^[A-Za-z_$][\w$]*$/.test(k) ? `vars.${k}` : `vars[${JSON.stringify(k)}]`;
    attempt(() => {
      const t = compileTemplate(v, path);
      if (!t.dynamic) checkSize(t.render(null as never), expressionLimits().maxValueBytes, path);
      vars.push([k, t]);
    });
  }
  return vars;
}

/**
 * Lock keys: expressions over the initial vars ($v of instance 0). With locks, instance 0's vars are evaluated
 * once, here, and instance 0 starts from them: a var with a side effect (sequence, random digits) must lock the very
 * value the instance uses.
 */
function compileLocks(locks: ReadonlyArray<{ key: string }>, vars: Array<[string, Template]>, n0: number, exprState: RunExprState, draw0: InstanceDraw | undefined): { lockKeys: string[]; vars0: JsonObject | undefined } {
  const lockKeys: string[] = [];
  if (!locks.length) return { lockKeys, vars0: undefined };
  let v0: JsonObject;
  try {
    v0 = initialVars(vars, n0, {}, exprState, draw0);
  } catch (e) {
    throw invalid('vars', `cannot evaluate for the lock keys: ${(e as Error).message}`);
  }
  locks.forEach((l, i) => {
    const t = compileTemplate(l.key, `locks[${i}].key`);
    let key: Json;
    try {
      key = t.render({ $v: v0, $g: {}, $i: {}, $n: n0, run: exprState, $d: draw0?.$d, rng: draw0?.rng });
    } catch (e) {
      throw invalid(`locks[${i}].key`, `cannot evaluate: ${(e as Error).message}`);
    }
    if (key === null || key === '' || typeof key === 'object') throw invalid(`locks[${i}].key`, `evaluates to ${JSON.stringify(key)}, not a key`);
    lockKeys.push(String(key));
  });
  return { lockKeys, vars0: v0 };
}

/**
 * Evaluate the vars of one instance, in order (each sees the ones before it). Each value is bounded by the
 * expression value bound; all of them together by max_vars_bytes.
 */
export function initialVars(vars: Array<[string, Template]>, n: number, globals: JsonObject, run?: RunExprState, draw?: InstanceDraw): JsonObject {
  const v: JsonObject = {};
  if (vars.length === 0) return v;
  const scope: ExprScope = { $v: v, $g: globals, $i: {}, $n: n, run, $d: draw?.$d, rng: draw?.rng };
  const max = expressionLimits().maxVarsBytes;
  let total = 0;
  for (const [k, t] of vars) {
    const value = (v[k] = t.render(scope));
    total += k.length + 4 + (value !== null && typeof value === 'object' ? jsonValueSize(value, max) : typeof value === 'string' ? value.length + 2 : 8);
    if (total > max) throw new Error(`the instance's vars are larger than max_vars_bytes (${max}) at vars.${k}`);
  }
  return v;
}

/** Instance 0's draw at ExecuteTest (its vars make the lock keys): 2002 when it has no row. */
function firstDraw(seed: number | undefined, data: CompiledData | undefined, n0: number): InstanceDraw {
  try {
    return instanceDraw(seed, data, n0);
  } catch (e) {
    throw invalid('data', (e as Error).message);
  }
}

/** 2002 naming the path when a static value is larger than the bound (or is not JSON data). */
function checkSize(value: Json, max: number, path: string): void {
  try {
    jsonValueSize(value, max, 'the value');
  } catch (e) {
    throw invalid(path, (e as Error).message);
  }
}

function compileOp(o: JsonObject, i: number, cx: OpContext, base = 'operations'): CompiledOp {
  const path = `${base}[${i}]`;
  const type = o.type as string;
  const { op, label: typeLabel } = resolveType(type, `${path}.type`, cx.registry);
  const def = op.def;
  const argsPath = `${path}.arguments`;
  const rawArgs = (o.arguments ?? {}) as JsonObject;
  const checked = checkArgumentsStatically(rawArgs, op, argsPath, cx.problems);
  const template = compileTemplate(rawArgs, argsPath, { alwaysExpr: def.expressionArguments, raw: def.rawArguments });
  const gateway = def.gateway ? resolveGateway(def.gateway, typeLabel, cx.params, cx.registry, `${path}.type`) : undefined;
  if (gateway) cx.gateways.add(gateway);
  if (def.prepare) {
    try {
      def.prepare(checked, { params: cx.params, type, label: typeLabel, opIndex: i, path: argsPath, labels: cx.labels, gateway: () => gateway });
    } catch (e) {
      if (e instanceof TesterError) throw e;
      throw invalid(argsPath, (e as Error).message);
    }
  }
  const tests = compileTests((o.tests ?? []) as JsonObject[], path);
  const control = isFlowControl(op) ? compileControl(checked, op.def.type as FlowControl['kind'], cx.flows, argsPath) : undefined;
  const compiled: CompiledOp = {
    index: i,
    type,
    label: o.label as string | undefined,
    typeLabel,
    op,
    def,
    staticArgs: template.dynamic ? undefined : staticArguments(op, template, argsPath),
    template: template.dynamic ? template : undefined,
    tests,
    gateway,
    path,
    control,
  };
  if (control?.kind === 'choose') cx.chooses.push(compiled);
  return compiled;
}

/** The registered operation a type names (an alias, a labelled form); 2002 with the nearest names when none. */
function resolveType(type: string, path: string, registry: Registry): { op: RegisteredOperation; label: string | undefined } {
  const resolved = registry.resolve(type);
  if (resolved) return resolved;
  const all = registry.operations().map(([n]) => n);
  const close = nearest(type, all);
  const family = type.split('.')[0];
  const known = all.filter((n) => n.split('.')[0] === family);
  const hint = close.length
    ? `; did you mean ${close.join(', ')}?`
    : known.length
      ? `; known ${family} types: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', ...' : ''}`
      : ' (no enabled plugin provides it; see DescribeOperations)';
  throw invalid(path, `unknown operation type '${type}'${hint}`);
}

/**
 * The arguments validated as far as they can be before any instance runs: errors located at (or inside) an
 * expression are dropped, those values are validated per instance. A validated copy (numeric strings coerced).
 */
function checkArgumentsStatically(rawArgs: JsonObject, op: RegisteredOperation, argsPath: string, problems: TesterError[] | undefined): JsonObject {
  const clone = structuredClone(rawArgs);
  const problem = checkArguments(op.validate, clone);
  if (problem === 'invalid') {
    const found: TesterError[] = [];
    for (const e of unknownFirst(op.validate.errors ?? [])) {
      if (isUnderExpression(rawArgs, e.instancePath, op.def)) continue;
      const d = describeError(e, argsPath, op.validate.schema);
      found.push(invalid(d.path, d.message));
      if (!problems) break;
    }
    if (found.length) {
      problems?.push(...found);
      throw found[0];
    }
  } else if (problem) throw invalid(joinPath(argsPath, problem.path), problem.message);
  return clone;
}

/** An operation's tests[]: static ones as specs (their regexes compiled now), the others as templates. */
function compileTests(tests: readonly JsonObject[], path: string): CompiledOp['tests'] {
  return tests.map((t, j) => {
    const tt = compileTemplate(t, `${path}.tests[${j}]`);
    if (tt.dynamic) return { template: tt, spec: undefined };
    const spec = tt.render(null as never) as unknown as TestSpec;
    if (spec.type === 'regex') {
      try {
        compileRegex(spec.pattern ?? String(spec.value ?? ''));
      } catch (e) {
        throw invalid(`${path}.tests[${j}].${spec.pattern !== undefined ? 'pattern' : 'value'}`, (e as Error).message);
      }
    }
    return { template: undefined, spec };
  });
}

/** Arguments without expressions, rendered once (escapes resolved) and validated (numeric strings coerced). */
function staticArguments(op: RegisteredOperation, template: Template, path: string): JsonObject {
  const args = structuredClone(template.render(null as never)) as JsonObject;
  const problem = checkArguments(op.validate, args);
  if (problem === 'invalid') {
    const d = describeError(unknownFirst(op.validate.errors!)[0]!, path, op.validate.schema);
    throw invalid(d.path, d.message);
  }
  if (problem) throw invalid(joinPath(path, problem.path), problem.message);
  return args;
}

function isUnderExpression(raw: JsonObject, pointer: string, def: OperationDefinition): boolean {
  let cur: unknown = raw;
  const segs = pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (segs.length && (def.expressionArguments?.includes(segs[0]!) || def.rawArguments?.includes(segs[0]!))) return true;
  if (isExpressionString(cur)) return true;
  for (const s of segs) {
    if (!cur || typeof cur !== 'object') return false;
    cur = (cur as Record<string, unknown>)[s];
    if (isExpressionString(cur)) return true;
  }
  return false;
}

/**
 * The gateway instance for an operation: `<kind>_<label>` param, then the gateway's default for the label, then
 * the `<kind>` param, then the configured default (or the first instance).
 */
function resolveGateway(kind: string, label: string | undefined, params: JsonObject, registry: Registry, path: string): GatewayInstance {
  const g = registry.gateways.get(kind);
  if (!g || g.byName.size === 0) throw invalid(path, `needs a '${kind}' gateway, but no ${kind} instance is configured in plugins.json`);
  let name: string | undefined;
  let from: string;
  if (label !== undefined && g.def.labelled && typeof params[`${kind}_${label}`] === 'string') {
    name = params[`${kind}_${label}`] as string;
    from = `${kind}_${label}`;
  } else if (label !== undefined && g.def.labelDefaults?.[label] !== undefined) {
    name = g.def.labelDefaults[label];
    from = `the ${kind} plugin's default for label '${label}'`;
  } else if (typeof params[kind] === 'string') {
    name = params[kind] as string;
    from = kind;
  } else {
    name = g.def.defaultInstance ?? g.byName.keys().next().value!;
    from = `the default ${kind} instance`;
  }
  const inst = g.byName.get(name!);
  if (!inst) throw invalid(from.includes(' ') ? path : from, `unknown ${kind} instance '${name}' (configured: ${[...g.byName.keys()].join(', ')})`);
  return inst;
}

/** 2003 when a gateway a run needs is not up. */
export function checkGatewaysUp(def: CompiledDefinition, registry: Registry): void {
  for (const gw of def.gateways) {
    const kind = [...registry.gateways.values()].find((g) => g.byName.get(gw.name) === gw);
    if (kind && kind.def.requireUp === false) continue;
    const state = gw.state();
    if (state !== 'up') {
      const why = lastError(gw);
      throw cannotStart(
        `${kind?.def.kind ?? 'gateway'} instance '${gw.name}' is not connected (state: ${state}${why ? `, last error: ${why}` : ''}); check the peer, the service retries in the background`,
      );
    }
  }
}

/** The last error a gateway instance reports in describe(), if any (`last_error`, `lastError` or `error`). */
function lastError(gw: GatewayInstance): string | undefined {
  let d: unknown;
  try {
    d = gw.describe?.();
  } catch {
    return undefined;
  }
  if (!d || typeof d !== 'object') return undefined;
  const o = d as Record<string, unknown>;
  const v = o.last_error ?? o.lastError ?? o.error;
  return typeof v === 'string' && v ? v : undefined;
}

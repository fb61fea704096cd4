// The reference SCP: listens for dialogue-opening Begins (InitialDP, AssistRequestInstructions, InitialDPSMS,
// InitialDPGPRS) on a sigtran gateway and plays the flow of the first matching script rule on each dialogue.
// Encoded arguments of constant steps are cached, so a release-everything SCP costs one decode-free lookup and one
// encode-free send per call.
import { delayMs, pickIndex, simulatorRandom, type JsonObject } from '../../../sdk/index.js';
import type { Component, Dialogue, SigtranGateway, TcapMessage } from '../../sigtran/api.js';
import { decodeArg, encodeArg, looseEqual } from '../../sigtran/codec/index.js';
import { serveBegins } from '../../sigtran/gateway/simulator.js';
import { OPCODES, OPERATIONS, opName } from '../catalogue.js';
import { argType } from '../codec/args.js';
import { encodeErrorParameter } from '../codec/errors.js';
import type { Variant } from '../codec/variants.js';
import { variantOfAc } from '../contexts.js';
import { outboundFields } from '../runtime/prepare-args.js';
import type { Rule, Script, Step } from './script.js';

interface SimStats {
  begins: number;
  completed: number;
  unmatched: number;
  failed: number;
  active: number;
  byRule: Record<string, number>;
  /** Dialogues per outcome of a rule with a `mix`, as `rule/outcome`. */
  byOutcome: Record<string, number>;
  lastError?: string;
}

export interface ScpSim {
  readonly stats: SimStats;
  stop(): void;
}

type Expect = Extract<Step, { expect: string }>;
type Send = Extract<Step, { send: unknown }>;
type ErrorStep = Exclude<Extract<Step, { error?: number }>, Expect>;

function matches(rule: Rule, fields: JsonObject): boolean {
  for (const t of rule.match) {
    let got: unknown = fields;
    for (const p of t.path) got = got && typeof got === 'object' ? (got as JsonObject)[p] : undefined;
    if (t.re) {
      if (typeof got !== 'string' && typeof got !== 'number') return false;
      if (!t.re.test(String(got))) return false;
    } else if (!looseEqual(t.want, got)) return false;
  }
  return true;
}

/** The name an expect step compares a received component with: the operation, `<Operation>Result`, or its type. */
function componentName(c: Component, sentOps: ReadonlyMap<number, string>): string | undefined {
  if (c.type === 'invoke') return opName(c.opcode);
  if (c.type === 'returnResult') return `${sentOps.get(c.invokeId) ?? opName(c.opcode ?? -1) ?? ''}Result`;
  return c.type;
}

/** Operations whose Invoke the SCP answers with a ReturnResult (their row's result goes scp>ssp), by opcode. */
const ANSWERED: ReadonlySet<number> = new Set(Object.values(OPERATIONS).filter((r) => r.result?.links.includes('scp>ssp')).map((r) => r.opcode));

/** Queue the ReturnResult (no parameter) of an Invoke the SCP answers; it goes in the next message. `ended` passes through. */
function answer(d: Dialogue, c: Component, ended: boolean): boolean {
  if (!ended && c.type === 'invoke' && typeof c.opcode === 'number' && ANSWERED.has(c.opcode)) d.returnResult({ invokeId: c.invokeId });
  return ended;
}

/** The script played on one gateway: rule choice, flows, statistics. */
class ScpSimulator {
  readonly stats: SimStats = { begins: 0, completed: 0, unmatched: 0, failed: 0, active: 0, byRule: {}, byOutcome: {} };
  private readonly cache = new Map<string, Uint8Array | undefined>();

  constructor(
    private readonly script: Script,
    private readonly timeoutMs: number,
    private readonly log: ((line: string) => void) | undefined,
    private readonly random: () => number,
  ) {}

  /** The flow this dialogue plays of its rule (by weight when the rule has a mix), counted, with its index. */
  private choose(rule: Rule): [Step[], number] {
    const { flows } = rule;
    if (flows.outcomes.length === 1) return [flows.outcomes[0]!, 0];
    const oi = pickIndex(flows, this.random());
    const key = `${rule.name}/${flows.names[oi]!}`;
    this.stats.byOutcome[key] = (this.stats.byOutcome[key] ?? 0) + 1;
    return [flows.outcomes[oi]!, oi];
  }

  fail(d: Dialogue, why: string): void {
    this.stats.failed++;
    this.stats.lastError = why;
    this.log?.(`scp-sim: dialogue ${d.localTidHex}: ${why}`);
    try {
      d.abort();
    } catch {
      d.release();
    }
  }

  /** A dialogue-opening Begin: find its rule and play the rule's flow (one async frame per dialogue). */
  async play(m: TcapMessage): Promise<void> {
    const d = m.dialogue;
    this.stats.begins++;
    const variant = variantOfAc(m.ac?.oid) ?? this.script.variant;
    const first = m.components[0];
    if (!first || first.type !== 'invoke') return this.fail(d, 'Begin without an Invoke');
    const op = opName(first.opcode) ?? String(first.opcode);
    const ri = this.ruleFor(op, variant, first.argument);
    if (typeof ri === 'string') return this.fail(d, ri);
    if (ri < 0) {
      this.stats.unmatched++;
      return this.fail(d, `no rule matches this ${op}`);
    }
    const rule = this.script.rules[ri]!;
    this.stats.byRule[rule.name] = (this.stats.byRule[rule.name] ?? 0) + 1;
    const [flow, oi] = this.choose(rule);
    this.stats.active++;
    try {
      if (rule.delay !== undefined && flow.length > 0) await new Promise((r) => setTimeout(r, delayMs(rule.delay!, this.random)));
      if (flow.length === 0) d.release(); // silence: never answer
      else {
        const pending = m.components.slice(1) as Component[];
        const sentOps = new Map<number, string>();
        let ended = false;
        for (let si = 0; si < flow.length; si++) {
          const step: Step = flow[si]!;
          if ('send' in step) ended = this.send(d, step, `${ri}/${oi}/${si}`, variant, sentOps) || ended;
          else if ('expect' in step) {
            const got = await this.expect(d, step, pending, sentOps, ended);
            if (typeof got === 'string') return this.fail(d, got);
            ended = got;
          } else if ('error' in step) ended = this.returnError(d, step, first.invokeId) || ended; else if ('end' in step || 'abort' in step) {
            if (!('end' in step)) d.abort();
            else if (!ended) d.end();
            ended = true;
          } else await new Promise((r) => setTimeout(r, Math.min(step.wait_ms, 60_000)));
        }
        if (!ended) d.end();
      }
      this.stats.completed++;
    } catch (e) {
      this.fail(d, (e as Error).message);
    } finally {
      this.stats.active--;
    }
  }

  /** The index of the first rule for this operation whose `match` takes it (-1: none), or why it cannot tell. */
  private ruleFor(op: string, variant: Variant, argument: Uint8Array | undefined): number | string {
    let fields: JsonObject | undefined;
    const rules = this.script.rules;
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i]!;
      if (r.op !== op) continue;
      if (r.match.length > 0) {
        // decoded once, and only for a rule that looks inside
        if (!fields) {
          const at = argType(op, variant);
          const dr = at ? decodeArg(at, argument) : { ok: true as const, fields: {} };
          if (!dr.ok) return `${op} undecodable: ${dr.error}`;
          fields = dr.fields as JsonObject;
        }
        if (!matches(r, fields)) continue;
      }
      return i;
    }
    return -1;
  }

  /**
   * A send step: its invokes (arguments encoded once per rule, step, component and variant), in an End or a
   * Continue; true when it ended the dialogue.
   */
  private send(d: Dialogue, step: Send, at: string, variant: Variant, sentOps: Map<number, string>): boolean {
    step.send.forEach((c, ci) => {
      sentOps.set(d.invoke({ opcode: OPCODES[c.op]!, argument: this.encoded(`${at}/${ci}/${variant}`, variant, c.op, c.args) }), c.op);
    });
    if (step.close) d.end();
    else d.send();
    return step.close === true;
  }

  /** An error step: a ReturnError for the opening Invoke, in an End (default) or a Continue; true when it ended. */
  private returnError(d: Dialogue, step: ErrorStep, invokeId: number): boolean {
    d.returnError({ invokeId, errorCode: step.error, parameter: encodeErrorParameter(step.error, step.parameter ?? {}) });
    const close = step.close !== false;
    if (close) d.end();
    else d.send();
    return close;
  }

  /** The argument of a send step's component, encoded once per (rule, outcome, step, component, variant) key. */
  private encoded(key: string, variant: Variant, op: string, args: JsonObject | undefined): Uint8Array | undefined {
    if (this.cache.has(key)) return this.cache.get(key);
    const at = argType(op, variant);
    const b = at ? encodeArg(at, outboundFields(op, variant, args ?? {})) : undefined;
    this.cache.set(key, b);
    return b;
  }

  /**
   * An expect step: take components (those of the Begin first, then of each Continue or End) until the one named,
   * skipping the invokes the step allows: whether the dialogue has ended since, or the reason when something else
   * comes.
   */
  private async expect(d: Dialogue, step: Expect, pending: Component[], sentOps: ReadonlyMap<number, string>, ended: boolean): Promise<boolean | string> {
    for (let guard = 0; guard <= 100; guard++) {
      let c = pending.shift();
      if (!c) {
        let r: TcapMessage;
        try {
          r = await d.receive({ timeoutMs: step.timeout_ms ?? this.timeoutMs });
        } catch (e) {
          if (step.optional && (e as { kind?: string }).kind === 'timeout') return ended;
          throw e;
        }
        if (r.kind !== 'continue' && r.kind !== 'end') return `expected ${step.expect}, received TCAP ${r.kind}${r.reason ? `: ${r.reason}` : ''}`;
        if (r.kind === 'end') ended = true;
        pending.push(...r.components);
        c = pending.shift();
        if (!c) {
          if (ended) return `expected ${step.expect}, the peer ended the dialogue`;
          continue;
        }
      }
      const name = componentName(c, sentOps);
      if (name === step.expect && step.error !== undefined && c.type === 'invoke') {
        d.returnError({ invokeId: c.invokeId, errorCode: step.error, parameter: encodeErrorParameter(step.error, step.parameter ?? {}) });
        return ended;
      }
      if (name === step.expect) return answer(d, c, ended);
      if (step.optional && c.type === 'returnError') return ended;
      if (c.type === 'invoke' && step.skip?.includes(name ?? '')) {
        answer(d, c, ended);
        continue;
      }
      return `expected ${step.expect}, received ${name ?? c.type}`;
    }
    return `too many components while waiting for ${step.expect}`;
  }
}

export function startScpSim(gw: SigtranGateway, script: Script, opts: { timeoutMs?: number; log?: (line: string) => void; seed?: number } = {}): ScpSim {
  const sim = new ScpSimulator(script, opts.timeoutMs ?? 10_000, opts.log, simulatorRandom(opts.seed));
  const ops = [...new Set(script.rules.map((r) => r.op))];
  const loops = ops.map((op) =>
    serveBegins(
      gw.listen({ opcode: OPCODES[op] }),
      // play() catches what its flow throws; anything before that (matching) must not become an unhandled rejection
      (m) => void sim.play(m).catch((e: unknown) => sim.fail(m.dialogue, `rule matching failed: ${(e as Error)?.message ?? String(e)}`)),
      (text) => opts.log?.(`scp-sim: listener for ${op}: ${text}`),
    ),
  );
  return {
    stats: sim.stats,
    stop() {
      for (const l of loops) l.stop();
    },
  };
}

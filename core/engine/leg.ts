// Parallel legs (docs/definitions.md "Parallel legs"): a `parallel` operation runs two or more flows at once in one
// instance. Each leg is an instance of its own kind (Leg): its own operations, locals, received messages ($i),
// plugin state and cleanups, so a dialogue of one protocol and a session of another (or two dialogues of one plugin)
// do not mix; its checks, traces and messages are its instance's, tagged with the leg's name. The join waits for every
// leg; `first` stops the others once one has ended, and an abort in one leg stops the others with its reason.
import type { CheckStatus, JsonObject, OperationOutcome } from '../api/index.js';
import { InstanceAbort } from '../errors.js';
import type { CompiledOp } from './definition.js';
import { bindArgs, flowState, outermostVars } from './flow-frames.js';
import type { CompiledLeg } from './flows.js';
import { finish } from './instance-end.js';
import type { Outcome } from './first-call.js';
import type { Instance } from './instance.js';
import type { InstanceDetail } from './instance-detail.js';

/** What the join sees of a leg. */
interface LegLike {
  readonly name: string;
  readonly vars: JsonObject;
  readonly abortText: string | undefined;
  readonly stopped: boolean;
  stop(reason: string): void;
  loop(): void;
}

/**
 * The Leg class, made from the Instance class at the first parallel operation: instance.ts starts legs, so this
 * module may not import it at load time (a cycle would extend a class not yet defined).
 */
function defineLeg(Base: typeof Instance) {
  return class Leg extends Base implements LegLike {
    /** The text of the leg's abort (its join's reason). */
    abortText: string | undefined = undefined;

    constructor(
      readonly parent: Instance,
      private readonly join: Join,
      readonly name: string,
      spec: CompiledLeg,
      args: JsonObject | undefined,
    ) {
      super(parent.host, parent.index, bindArgs(spec.flow, args), parent.startedAt, parent.draw, parent);
      const outer = parent.fx;
      const path = outer?.leg === undefined ? name : `${outer.leg}/${name}`;
      this.fx = flowState(path, (outer?.base ?? 0) + (outer?.frames.length ?? 0) + 1);
      this.fx.flow = outer?.flow === undefined ? spec.flow.name : `${outer.flow}/${spec.flow.name}`;
      this.ops = spec.flow.ops;
      this.labels = spec.flow.labels;
      this.step = parent.step;
      this.started();
    }

    get stopped(): boolean {
      return this.fx!.stop !== undefined;
    }

    override random(): number {
      return this.parent.random();
    }
    override chose(op: string, flow: string): void {
      this.parent.chose(op, flow);
    }

    /** Its checks are its instance's: a fail fails the instance, whose detail it writes. */
    override check(status: CheckStatus, text: string): void {
      // its abort is its instance's, written once by the instance with the leg's name (Join.outcome)
      if (status === 'abort') {
        if (this.fx!.stop === undefined) this.abortText = text;
        return;
      }
      super.check(status, text);
      if (status === 'fail') {
        this.parent.failed = true;
        this.parent.fails++;
      }
    }

    override detailOf(): InstanceDetail {
      return this.parent.detailOf();
    }

    /** Stop the leg (its join's reason): its wait ends, its end signal fires, the loop stops before the next operation. */
    stop(reason: string): void {
      this.fx!.stop = reason;
      this.fx!.join?.stopAll(reason);
      this.cancel(new Error(reason)); // its wait ends, its end signal fires
    }

    /** The leg's end: its own cleanups, then its join hears of it. */
    protected override complete(o: Outcome): void {
      const outcome: Outcome = this.fx!.stop !== undefined && o !== 'passed' && o !== 'failed' ? 'cancelled' : o;
      this.vars = outermostVars(this); // a halt inside a flow the leg called: the leg's own locals
      if (this.detailed) this.trace(1, `leg ${this.name} ${outcome}${this.fx!.stop !== undefined ? ` (${this.fx!.stop})` : ''}`);
      let end;
      try {
        end = finish(this.host, this, this.intendedStart, outcome);
      } catch {
        end = undefined;
      }
      if (end instanceof Promise) end.then(() => this.join.ended(this, outcome), () => this.join.ended(this, outcome));
      else this.join.ended(this, outcome);
    }
  };
}

let LegClass: ReturnType<typeof defineLeg> | undefined;

/** The join of one parallel operation's legs. */
export class Join {
  readonly legs: LegLike[] = [];
  private left = 0;
  private first: string | undefined;
  private aborted: { leg: string; text: string } | undefined;
  private readonly results: JsonObject = {};

  constructor(
    private readonly parent: Instance,
    private readonly op: CompiledOp,
  ) {}

  /** A leg ended: its outcome and locals kept; `first` and an abort stop the others; the last one resumes the instance. */
  ended(leg: LegLike, o: Outcome): void {
    this.results[leg.name] = { outcome: o, vars: leg.vars };
    if (o === 'aborted' && !this.aborted) {
      this.aborted = { leg: leg.name, text: leg.abortText ?? 'aborted' };
      this.stopOthers(leg, `leg '${leg.name}' aborted: ${this.aborted.text}`);
    } else if (this.op.control!.join === 'first' && this.first === undefined && (o === 'passed' || o === 'failed')) {
      this.first = leg.name;
      this.stopOthers(leg, `leg '${leg.name}' ended first`);
    }
    // after the current turn: a leg may end within startLegs' own call
    if (--this.left === 0) {
      this.parent.fx!.join = undefined;
      queueMicrotask(() => this.parent.joined(this));
    }
  }

  private stopOthers(leg: LegLike | undefined, reason: string): void {
    for (const l of this.legs) if (l !== leg && !l.stopped) l.stop(reason);
  }

  /** The instance waiting on this join is stopped (a leg of an outer parallel): every leg stops. */
  stopAll(reason: string): void {
    this.stopOthers(undefined, reason);
  }

  /** What the parallel operation ends with: the legs' outcomes and locals (and `save`), or the abort of one. */
  outcome(parent: Instance): OperationOutcome | Error {
    if (parent.host.isCancelled) return new Error('run cancelled');
    if (this.aborted) return new InstanceAbort(`${this.op.path}: leg '${this.aborted.leg}' aborted: ${this.aborted.text}`);
    for (const [to, from] of this.op.control!.save) {
      const dot = from.indexOf('.');
      const r = this.results[from.slice(0, dot)] as { vars: JsonObject } | undefined;
      parent.vars[to] = r?.vars[from.slice(dot + 1)] ?? null;
    }
    return { result: { ...(this.first !== undefined ? { first: this.first } : {}), legs: this.results } };
  }

  start(count: number): void {
    this.left = count;
  }
}

/** A parallel operation starts: one leg per flow, each started in turn; the instance waits in its join. */
export function startLegs(Base: typeof Instance, parent: Instance, op: CompiledOp, args: JsonObject): void {
  const Leg = (LegClass ??= defineLeg(Base));
  const c = op.control!;
  const join = new Join(parent, op);
  (parent.fx ??= flowState()).join = join;
  const legArgs = args.legs as Array<{ args?: JsonObject }>;
  join.start(c.legs.length);
  if (parent.detailed) parent.trace(1, `parallel: legs ${c.legs.map((l) => l.name).join(', ')} (join ${c.join})`);
  c.legs.forEach((spec, i) => join.legs.push(new Leg(parent, join, spec.name, spec, legArgs[i]?.args)));
  for (const leg of join.legs) if (!leg.stopped) leg.loop();
}

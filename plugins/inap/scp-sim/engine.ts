// The reference SCP: listens for dialogue-opening Begins (InitialDP, AssistRequestInstructions) on a sigtran
// gateway and plays the flow of the first matching script rule on each dialogue. Encoded arguments of constant
// steps are cached, so a release-everything SCP costs one decode-free lookup and one encode-free send per call.
import type { JsonObject } from '../../../sdk/index.js';
import type { BeginListener, Component, Dialogue, SigtranGateway, TcapMessage } from '../../sigtran/api.js';
import { OPCODES, opName } from '../catalogue.js';
import { argType } from '../codec/args.js';
import { decodeArg, encodeArg } from '../../sigtran/codec/index.js';
import type { Variant } from '../codec/variants.js';
import { variantOfAc } from '../contexts.js';
import { looseEqual } from '../../sigtran/codec/index.js';
import { outboundFields } from '../runtime/prepare-args.js';
import type { Rule, Script, Step } from './script.js';

export interface SimStats {
  begins: number;
  completed: number;
  unmatched: number;
  failed: number;
  active: number;
  byRule: Record<string, number>;
  lastError?: string;
}

export interface ScpSim {
  readonly stats: SimStats;
  stop(): void;
}

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

export function startScpSim(gw: SigtranGateway, script: Script, opts: { timeoutMs?: number; log?: (line: string) => void } = {}): ScpSim {
  const stats: SimStats = { begins: 0, completed: 0, unmatched: 0, failed: 0, active: 0, byRule: {} };
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const cache = new Map<string, Uint8Array | undefined>();
  let stopped = false;

  const encoded = (ri: number, si: number, ci: number, variant: Variant, op: string, args: JsonObject | undefined): Uint8Array | undefined => {
    const key = `${ri}/${si}/${ci}/${variant}`;
    if (cache.has(key)) return cache.get(key);
    const at = argType(op, variant);
    const b = at ? encodeArg(at, outboundFields(op, variant, args ?? {})) : undefined;
    cache.set(key, b);
    return b;
  };

  const fail = (d: Dialogue, why: string): void => {
    stats.failed++;
    stats.lastError = why;
    opts.log?.(`scp-sim: dialogue ${d.localTidHex}: ${why}`);
    try {
      d.abort();
    } catch {
      d.release();
    }
  };

  async function play(m: TcapMessage): Promise<void> {
    const d = m.dialogue;
    stats.begins++;
    const variant = variantOfAc(m.ac?.oid) ?? script.variant;
    const first = m.components[0];
    if (!first || first.type !== 'invoke') return fail(d, 'Begin without an Invoke');
    const op = opName(first.opcode) ?? String(first.opcode);
    let fields: JsonObject | undefined;
    let ri = -1;
    for (let i = 0; i < script.rules.length; i++) {
      const r = script.rules[i]!;
      if (r.op !== op) continue;
      if (r.match.length > 0) {
        if (!fields) {
          const at = argType(op, variant);
          const dr = at ? decodeArg(at, first.argument) : { ok: true as const, fields: {} };
          if (!dr.ok) return fail(d, `${op} undecodable: ${dr.error}`);
          fields = dr.fields as JsonObject;
        }
        if (!matches(r, fields)) continue;
      }
      ri = i;
      break;
    }
    if (ri < 0) {
      stats.unmatched++;
      return fail(d, `no rule matches this ${op}`);
    }
    const rule = script.rules[ri]!;
    stats.byRule[rule.name] = (stats.byRule[rule.name] ?? 0) + 1;
    const pending: Component[] = m.components.slice(1) as Component[];
    const sentOps = new Map<number, string>();
    let ended = false;
    stats.active++;
    try {
      if (rule.flow.length === 0) {
        d.release(); // silence: never answer
        stats.completed++;
        return;
      }
      for (let si = 0; si < rule.flow.length; si++) {
        const step: Step = rule.flow[si]!;
        if ('send' in step) {
          step.send.forEach((c, ci) => {
            sentOps.set(d.invoke({ opcode: OPCODES[c.op]!, argument: encoded(ri, si, ci, variant, c.op, c.args) }), c.op);
          });
          if (step.close) {
            d.end();
            ended = true;
          } else d.send();
        } else if ('expect' in step) {
          for (let guard = 0; ; guard++) {
            if (guard > 100) return fail(d, `too many components while waiting for ${step.expect}`);
            let c = pending.shift();
            if (!c) {
              const r = await d.receive({ timeoutMs });
              if (r.kind !== 'continue' && r.kind !== 'end') {
                ended = true;
                return fail(d, `expected ${step.expect}, received TCAP ${r.kind}${r.reason ? `: ${r.reason}` : ''}`);
              }
              if (r.kind === 'end') ended = true;
              pending.push(...r.components);
              c = pending.shift();
              if (!c) {
                if (ended) return fail(d, `expected ${step.expect}, the peer ended the dialogue`);
                continue;
              }
            }
            const name = c.type === 'invoke' ? opName(c.opcode) : c.type === 'returnResult' ? `${sentOps.get(c.invokeId) ?? opName(c.opcode ?? -1) ?? ''}Result` : c.type;
            if (name === step.expect) break;
            if (c.type === 'invoke' && step.skip?.includes(name ?? '')) continue;
            return fail(d, `expected ${step.expect}, received ${name ?? c.type}`);
          }
        } else if ('end' in step) {
          if (!ended) d.end();
          ended = true;
        } else if ('abort' in step) {
          d.abort();
          ended = true;
        } else if ('wait_ms' in step) {
          await new Promise((r) => setTimeout(r, Math.min(step.wait_ms, 60_000)));
        }
      }
      if (!ended) d.end();
      stats.completed++;
    } catch (e) {
      fail(d, (e as Error).message);
    } finally {
      stats.active--;
    }
  }

  const listeners: BeginListener[] = [];
  const ops = [...new Set(script.rules.map((r) => r.op))];
  for (const op of ops) {
    const l = gw.listen({ opcode: OPCODES[op] });
    listeners.push(l);
    void (async () => {
      while (!stopped) {
        let m: TcapMessage;
        try {
          m = await l.next({ timeoutMs: 3_600_000 });
        } catch (e) {
          if (stopped) return;
          const msg = (e as Error).message;
          if (/timeout/i.test(msg)) continue;
          opts.log?.(`scp-sim: listener for ${op}: ${msg}`);
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        // play() catches what its flow throws; anything before that (matching) must not become an unhandled rejection
        play(m).catch((e: unknown) => fail(m.dialogue, `rule matching failed: ${(e as Error)?.message ?? String(e)}`));
      }
    })();
  }
  return {
    stats,
    stop() {
      stopped = true;
      for (const l of listeners) l.close();
    },
  };
}

// ActivityTest's behaviour (its row names ACTIVITY_TEST; opcode 55, the SCP's supervision of a call): 'auto' (default)
// answers it at the dialogue level the moment it arrives in a TCAP Continue, whatever the instance is doing (a
// `wait`, a send), as a real gsmSSF does; 'answer' answers it when the definition next waits for an inbound
// operation; 'abort' treats it as unexpected. Never answered on a closed dialogue.
import type { Json, JsonObject, OperationContext } from '../../../sdk/index.js';
import type { AutoAnswer } from '../../sigtran/api.js';
import { waitError } from '../../sigtran/user/index.js';
import type { Variant } from '../codec/variants.js';
import type { InapConfig } from '../options.js';
import { inapParams } from '../params.js';
import type { OperationBehaviour } from './behaviour.js';

type ActivityTestRule = 'auto' | 'answer' | 'abort';

/** Operation types that receive an ActivityTest explicitly. */
const EXPLICIT = /^inap\.(ssp|srf|srp)_from_scp\.ActivityTest$/;
const explicitByParams = new WeakMap<object, boolean>();

/** Whether the definition receives ActivityTest itself (then it must reach the definition: no automatic answer). */
function receivesExplicitly(params: Readonly<JsonObject>): boolean {
  let v = explicitByParams.get(params);
  if (v === undefined) {
    const ops = Array.isArray(params.operations) ? params.operations : [];
    v = ops.some((o) => typeof o === 'object' && o !== null && !Array.isArray(o) && typeof o.type === 'string' && EXPLICIT.test(o.type));
    explicitByParams.set(params, v);
  }
  return v;
}

/**
 * The run's rule: the ExecuteTest param `inap.activity_test`, else the plugin option `activity_test`, where 'auto'
 * becomes 'answer' when the definition receives ActivityTest itself (`inap.ssp_from_scp.ActivityTest`).
 */
function activityTestRule(ctx: OperationContext, options: InapConfig): ActivityTestRule {
  const p = inapParams(ctx.run.params).activity_test;
  if (p) return p;
  const rule = options.activity_test;
  return rule === 'auto' && receivesExplicitly(ctx.run.params) ? 'answer' : rule;
}

let quiet: AutoAnswer | undefined;

/**
 * The AutoAnswer of a dialogue the instance opens, under rule 'auto' (`opcode`: ActivityTest's, from its row): the
 * answers are recorded in the instance's trace.
 */
export function autoAnswerActivityTest(ctx: OperationContext, variant: Variant, options: InapConfig, opcode: number): AutoAnswer | undefined {
  if (activityTestRule(ctx, options) !== 'auto') return undefined;
  // Only the detailed instance traces or records anything: the others share one AutoAnswer (no closure per dialogue).
  if (!ctx.detailed) return (quiet ??= Object.freeze({ opcodes: Object.freeze([opcode]) }));
  return {
    opcodes: [opcode],
    onAnswered({ message, invokeIds, sent, delivered }) {
      invokeIds.forEach((id, i) => {
        ctx.trace(1, `ActivityTest (invoke ${id}) answered at once on dialogue ${sent.localTid}`);
        if (!ctx.recordsMessages) return;
        // bytes once per message: the received ones here unless the rest of the message goes to the definition
        const rx = i === 0 && !delivered ? { bytes: message.bytes, dissector: message.dissector, peer: message.peer } : {};
        const tx = i === 0 ? { bytes: sent.bytes, dissector: sent.dissector, peer: sent.peer } : {};
        ctx.message({ direction: 'received', protocol: 'inap', name: 'ActivityTest', fields: { invoke_id: id, variant, tcap: message.kind, auto_answered: 1 } as Json, ...rx });
        ctx.message({ direction: 'sent', protocol: 'inap', name: 'ActivityTestResult', fields: { invoke_id: id, variant, tcap: sent.tcap } as Json, ...tx });
      });
    },
  };
}

export const ACTIVITY_TEST: OperationBehaviour = {
  /** Answered while another operation is awaited, unless the rule is 'abort' (never on a closed dialogue). */
  whileWaiting(ctx, waiting, d, c, options) {
    if (activityTestRule(ctx, options) === 'abort') return false;
    if (d.ended || d.d.state === 'ended') {
      // in the peer's End, or its End arrived meanwhile: nothing may be sent on a closed dialogue
      ctx.trace(1, `${waiting.name}: ActivityTest (invoke ${c.invokeId}) not answered: the dialogue is closed${d.endReason ? ` (${d.endReason})` : ''}`);
      return true;
    }
    d.d.returnResult({ invokeId: c.invokeId });
    try {
      d.d.send();
    } catch (e) {
      waitError(ctx, waiting.name, waiting.peer, e);
    }
    ctx.trace(1, `${waiting.name}: answered ActivityTest (invoke ${c.invokeId}) while waiting`);
    return true;
  },
};

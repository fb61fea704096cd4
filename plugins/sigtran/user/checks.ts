// The checks every inbound TCAP-user operation takes besides its message fields: last_component (the component
// was the last of a TCAP End), tcap_ac (the AC of the first inbound dialogue portion) and tcap_result /
// tcap_result_diagnostic_user / tcap_result_diagnostic_provider (its AARE). Their schemas: controls.ts.
import type { JsonObject, OperationContext } from '../../../sdk/index.js';
import { resolveAc } from '../ac.js';
import type { UserDialogue } from './dialogue.js';

const AARE_KEYS = ['tcap_result', 'tcap_result_diagnostic_user', 'tcap_result_diagnostic_provider'] as const;

/** Match the given control arguments against the dialogue (`last`: the component was the last of a TCAP End). */
export function checkDialogueControls(ctx: OperationContext, name: string, args: JsonObject, ud: UserDialogue, last: boolean): void {
  if (args.last_component !== undefined && args.last_component !== null) ctx.match(name, { last_component: args.last_component ? 1 : 0 }, { last_component: last ? 1 : 0 });
  if (args.tcap_ac !== undefined) {
    let want: string | null = null;
    if (args.tcap_ac !== null) {
      try {
        want = resolveAc(String(args.tcap_ac))?.oid ?? null;
      } catch (e) {
        ctx.abort(`${name}: tcap_ac ${JSON.stringify(args.tcap_ac)}: ${(e as Error).message}`);
      }
    }
    ctx.match(name, { tcap_ac: want }, { tcap_ac: ud.firstAc?.oid ?? null });
  }
  if (args.tcap_result !== undefined || args.tcap_result_diagnostic_user !== undefined || args.tcap_result_diagnostic_provider !== undefined) {
    const keys = AARE_KEYS.filter((k) => args[k] !== undefined);
    const got: JsonObject = {};
    const pdu = ud.firstPdu;
    if (pdu?.type === 'aare') {
      got.tcap_result = pdu.result === 'accepted' ? 0 : 1;
      got[pdu.diagnostic.source === 'user' ? 'tcap_result_diagnostic_user' : 'tcap_result_diagnostic_provider'] = pdu.diagnostic.code;
    }
    ctx.match(name, Object.fromEntries(keys.map((k) => [k, args[k]!])), got);
  }
}

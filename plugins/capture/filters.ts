// Which dialogues of a capture an import writes: by number or otid, point code, SSN, application context and
// the serviceKey of the opening InitialDP.
import type { Dialogue } from './tcap/dialogues.js';
import { inapComponent, inapContext } from '../inap/import.js';

export interface Filters {
  dialogue?: { index: number } | { otid: number } | undefined;
  pc?: number | undefined;
  ssn?: number | undefined;
  ac?: string | undefined;
  serviceKey?: number | undefined;
}

export function dialogueFilter(f: Filters): (d: Dialogue) => boolean {
  return (d) => {
    const b = d.messages[0]!.tcap;
    if (f.dialogue && ('index' in f.dialogue ? d.index !== f.dialogue.index : d.otid !== f.dialogue.otid)) return false;
    if (f.pc !== undefined && b.opc !== f.pc && b.dpc !== f.pc && b.called.pc !== f.pc && b.calling.pc !== f.pc) return false;
    if (f.ssn !== undefined && b.called.ssn !== f.ssn && b.calling.ssn !== f.ssn) return false;
    if (f.ac !== undefined && b.acOid !== f.ac) return false;
    return f.serviceKey === undefined || serviceKeyOf(b) === f.serviceKey;
  };
}

function serviceKeyOf(b: Dialogue['messages'][number]['tcap']): number | undefined {
  const variant = inapContext(b.acOid)?.variant ?? 'camel3';
  const c = b.components[0];
  const ic = c ? inapComponent(c, variant, () => undefined) : undefined;
  return ic?.name === 'InitialDP' && typeof ic.fields.serviceKey === 'number' ? ic.fields.serviceKey : undefined;
}

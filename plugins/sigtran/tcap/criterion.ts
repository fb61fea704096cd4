// A BeginCriterion (acceptBegin, listen) made ready to match inbound Begins: by called SSN, application context,
// and the first component's operation code, then the caller's own filter.
import type { BeginCriterion, TcapMessage } from '../api.js';

export class Criterion {
  /** The AC to match as an OID string; null: only Begins without an AC; undefined: any. */
  private readonly acOid: string | null | undefined;

  constructor(readonly spec: BeginCriterion) {
    const ac = spec.ac;
    this.acOid = ac === undefined || ac === null ? ac : typeof ac === 'string' ? ac : ac.oid;
  }

  matches(m: TcapMessage): boolean {
    const c = this.spec;
    if (c.ssn !== undefined && m.called.ssn !== c.ssn) return false;
    if (this.acOid !== undefined && (this.acOid === null ? m.ac !== null : m.ac?.oid !== this.acOid)) return false;
    if (c.opcode !== undefined) {
      const first = m.components[0];
      if (!first || first.type !== 'invoke' || first.opcode !== c.opcode) return false;
    }
    if (c.filter) {
      try {
        if (!c.filter(m)) return false;
      } catch {
        return false;
      }
    }
    return true;
  }

  /** ` (ssn 146, ac <alias>, opcode 0)` for wait errors; '' for an empty criterion. */
  describe(): string {
    const c = this.spec;
    const parts: string[] = [];
    if (c.ssn !== undefined) parts.push(`ssn ${c.ssn}`);
    if (c.ac !== undefined) parts.push(`ac ${c.ac === null ? 'none' : typeof c.ac === 'string' ? c.ac : (c.ac.name ?? c.ac.oid)}`);
    if (c.opcode !== undefined) parts.push(`opcode ${c.opcode}`);
    return parts.length ? ` (${parts.join(', ')})` : '';
  }
}

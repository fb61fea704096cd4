// The TCAP users an import knows, each as what the definition builder asks of it: the roles of a dialogue, a
// component as a message name with its fields, whether an operation type exists, the fields that change per call,
// and the parameters a definition needs. INAP/CAMEL and MAP, told apart by the Begin's application context.
import type { JsonObject } from '../../../sdk/index.js';
import type { Component } from '../../sigtran/api.js';
import type { ImportedComponent } from '../../sigtran/capture.js';
import { INAP_PER_CALL_FIELDS, inapComponent, inapContext, isInapType, parseInapVariant } from '../../inap/import.js';
import { MAP_PER_CALL_FIELDS, isMapType, mapComponent, mapContext, mapRolePairs } from '../../map/import.js';
import type { Dialogue } from './dialogues.js';

export type { ImportedComponent } from '../../sigtran/capture.js';

export interface Roles {
  tester: string;
  peer: string;
  testerIsOpener: boolean;
}

export interface Family {
  name: string;
  /** The roles for `--role` (undefined: the tester opened), or why that role cannot be played. */
  roles(role: string | undefined): Roles | string;
  component(c: Component, invoked: (invokeId: number) => number | string | undefined): ImportedComponent | undefined;
  isType(type: string): boolean;
  perCall: readonly string[];
  /** The definition's parameters besides its operations. */
  params(r: Roles): JsonObject;
  /** Arguments the tester's first send gets when it opens the dialogue. */
  opening(r: Roles): JsonObject;
}

/** The family of a dialogue by its Begin's application context; without one, INAP in `variant`. */
export function familyOf(d: Dialogue, variant: string | undefined): Family | undefined {
  const begin = d.messages[0]!.tcap;
  const first = begin.components[0];
  if (mapContext(begin.acOid)) return mapFamily(begin.acOid, first);
  const ctx = inapContext(begin.acOid);
  const v = ctx?.variant ?? (begin.acOid ? undefined : parseInapVariant(variant));
  if (!v) return undefined;
  const opensSrf = first?.type === 'invoke' && first.opcode === 16; // AssistRequestInstructions
  return {
    name: 'inap',
    roles(role) {
      if (role === undefined || role === 'opener') return { tester: opensSrf ? 'srf' : 'ssp', peer: 'scp', testerIsOpener: true };
      if (role === 'ssp' || role === 'srf') return { tester: role, peer: 'scp', testerIsOpener: true };
      if (role === 'scp' || role === 'answerer') return { tester: 'scp', peer: opensSrf ? 'srf' : 'ssp', testerIsOpener: false };
      return `role ${role} is not one of INAP's (ssp, srf, scp, opener, answerer)`;
    },
    component: (c, invoked) => inapComponent(c, v, invoked),
    isType: isInapType,
    perCall: INAP_PER_CALL_FIELDS,
    params: (r) => ({ ...(r.tester === 'ssp' && ctx ? { ssp_ac: ctx.alias } : {}), ...(ctx ? {} : { inap: { variant: v } }) }),
    opening: () => ({}),
  };
}

function mapFamily(acOid: string | undefined, first: Component | undefined): Family {
  const pairs = first?.type === 'invoke' ? mapRolePairs(first.opcode, acOid) : [];
  const alias = mapContext(acOid)!.alias;
  return {
    name: 'map',
    roles(role) {
      const pair = pairs[0];
      if (!pair) return 'the dialogue opens with no MAP operation the tester plays';
      const [inv, resp] = pairs.find(([i, r]) => role === i || role === r) ?? pair;
      if (role === undefined || role === 'opener' || role === inv) return { tester: inv, peer: resp, testerIsOpener: true };
      if (role === 'answerer' || role === resp) return { tester: resp, peer: inv, testerIsOpener: false };
      return `role ${role} is not one of this dialogue's (${pairs.map((p) => p.join(' or ')).join(', ')}, opener, answerer)`;
    },
    component: (c, invoked) => mapComponent(c, acOid, invoked),
    isType: isMapType,
    perCall: MAP_PER_CALL_FIELDS,
    params: () => ({}),
    opening: (r): JsonObject => (r.testerIsOpener ? { tcap_ac: alias } : {}),
  };
}

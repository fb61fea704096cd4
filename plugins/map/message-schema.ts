// What a MAP type carries, from its row and the codec: the JSON-schema properties of its message (every version of
// its operation, shorthands and text forms included) and its `source`. The control arguments and dotted paths are
// the kit's (sigtran/user/controls.ts) and controls.ts's.
import { argProperties, fieldProperties } from '../sigtran/codec/index.js';
import type { MessageEntry } from '../sigtran/user/index.js';
import type { MapOperation } from './catalogue.js';
import { fieldAt, messageType, shorthandPath } from './codec/message.js';
import { ERROR_PARAMS } from './codec/types/index.js';

type MessageEntryOf = MessageEntry<MapOperation>;
const STR_OR_INT = { type: ['string', 'integer'] };
/** The report that answers a forwardSM's TPDU (TS 23.040): MO's SMS-SUBMIT, MT's SMS-DELIVER. */
const REPORT = { mo: 'SMS-SUBMIT-REPORT', mt: 'SMS-DELIVER-REPORT' } as const;

/** The fields of a message in every version of its operation, shorthands and text forms included. */
export function messageProperties(e: MessageEntryOf): Record<string, unknown> {
  const op = e.row;
  const props: Record<string, unknown> = {};
  if (e.wire === 'error') {
    props.errorCode = { ...STR_OR_INT, description: `MAP error: a name (${op.errors.join(', ')}, ...) or a code` };
    props.parameter_hex = { type: 'string', description: 'The error parameter as hex of one TLV (instead of its fields)' };
    for (const n of op.errors) if (ERROR_PARAMS[n]) argProperties(ERROR_PARAMS[n]!, props);
    if (op.tpdu && op.errors.includes('sm-DeliveryFailure')) props.diagnosticInfo_tpdu = { type: 'object', description: `sm-DeliveryFailure's diagnosticInfo as the ${REPORT[op.tpdu]} of an RP-ERROR: fcs, pi, pid, dcs, text, ...` };
    return props;
  }
  for (const v of Object.keys(op.versions).map(Number)) {
    const at = messageType(op, e.wire, v);
    if (!at) continue;
    argProperties(at, props);
    for (const [short, paths] of Object.entries((e.wire === 'invoke' ? op.shorthands : op.resultShorthands) ?? {})) {
      const path = shorthandPath(at, paths);
      if (path) fieldProperties(props, short, fieldAt(at, path)!.ty);
    }
  }
  if (props.ussdString) props.ussdString_text = { type: 'string', description: 'The USSD text, coded as ussdDataCodingScheme says (GSM 7-bit by default, UCS2 when needed)' };
  // an expected Invoke may come in a Begin: its MAP-OPEN is a field of the message (sent, it is a control argument)
  if (e.wire === 'invoke' && e.direction === 'receive') props.tcap = { type: 'object', description: 'Expected MAP-OPEN of the Begin: { map_open: { destination_reference_digits, ... } }' };
  if (op.tpdu && e.wire === 'invoke') {
    const other = op.tpdu === 'mo' ? 'SMS-COMMAND' : 'SMS-STATUS-REPORT';
    props['sm-RP-UI_tpdu'] = {
      type: 'object',
      description: `The SM-RP-UI as an ${op.tpdu === 'mo' ? 'SMS-SUBMIT' : 'SMS-DELIVER'} TPDU (or type ${other}): text, ${op.tpdu === 'mo' ? 'da_digits' : 'oa_digits'}, dcs, concat_ref/_bits/total/seq, concat_part (a long text's part k alone), ...`,
    };
  }
  if (op.tpdu && e.wire === 'result') props['sm-RP-UI_tpdu'] = { type: 'object', description: `The SM-RP-UI as the ${REPORT[op.tpdu]} of an RP-ACK: pi, pid, dcs, text, ...` };
  return props;
}

/** Where the type's data lives: its row of the table and the codec types of what it carries. */
export function messageSource(e: MessageEntryOf): string {
  const row = `catalogue.ts MAP_OPERATIONS ${e.row.name}`;
  if (e.wire === 'error') return `${row}.errors; parameters: codec/types/ ERROR_PARAMS`;
  const types = Object.entries(e.row.versions).map(([v, d]) => `v${v} ${(e.wire === 'invoke' ? d.arg : d.res) ?? 'no parameter'}`);
  return `${row}.versions (${types.join(', ')}: codec/types/ TYPES)`;
}


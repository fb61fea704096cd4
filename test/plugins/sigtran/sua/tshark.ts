// tshark on a SUA capture (the gateway's `pcap`: EXPORTED_PDU records naming the sua dissector): no malformed
// packet or expert item, and the fields the tests compare, one row per message.
import assert from 'node:assert/strict';
import { tsharkRead } from '../../../helpers/tools.js';

export const SUA_FIELDS = [
  'sua.message_class',
  'sua.message_type',
  'sua.routing_context',
  'sua.traffic_mode_type',
  'sua.protocol_class_class',
  'sua.protocol_class_return_on_error_bit',
  'sua.sequence_control_sequence_control',
  'sua.ss7_hop_counter_counter',
  'sua.source.routing_indicator',
  'sua.source.point_code',
  'sua.source.ssn',
  'sua.source.global_title_digits',
  'sua.destination.routing_indicator',
  'sua.destination.point_code',
  'sua.destination.ssn',
  'sua.destination.global_title_digits',
  'sua.sccp_cause_type',
  'sua.sccp_cause_value',
  'sua.affected_pointcode_dpc',
  'sua.error_code',
  'tcap.otid',
  'tcap.dtid',
  'tcap.application_context_name',
  'camel.local',
  'camel.serviceKey',
  'camel.cause_indicator',
] as const;

export type Row = Record<(typeof SUA_FIELDS)[number], string>;

/** Every message of the capture as a row of fields; fails on a malformed packet or an expert item. */
export async function suaRows(file: string): Promise<Row[]> {
  const problems = await tsharkRead(file, ['-Y', '_ws.expert || _ws.malformed || !sua']);
  assert.equal(problems.trim(), '', `tshark: malformed, expert items or not SUA:\n${problems}`);
  const out = await tsharkRead(file, ['-T', 'fields', '-E', 'separator=|', '-E', 'occurrence=a', '-E', 'aggregator=,', ...SUA_FIELDS.flatMap((f) => ['-e', f])]);
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => Object.fromEntries(line.split('|').map((v, i) => [SUA_FIELDS[i]!, v.replace(/:/g, '')])) as Row);
}

/** 'class/type' of each row. */
export function kinds(rows: readonly Row[]): string[] {
  return rows.map((r) => `${r['sua.message_class']}/${r['sua.message_type']}`);
}

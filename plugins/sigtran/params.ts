// The ExecuteTest params this plugin owns: `scp`, the SCCP address of the SCP under test and the TCAP timeout
// (tester-service.md, "SSF and SRF functions", with the ranges it states). TCAP-user plugins (inap, map) read it
// through api.ts (`ScpParams`, `tcapTimeoutMs`).
import type { JsonObject, ParamDefinition } from '../../sdk/index.js';

const int = (minimum: number, maximum: number, description: string) => ({ type: 'integer', minimum, maximum, description });

export const scpParam: ParamDefinition = {
  description: 'Address of the SCP under test (SCCP called party of outbound TCAP Begins), and the TCAP timeout',
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      dri: int(0, 1, 'SCCP Destination Routing Indicator (default 1 if dpc and dssn are both given, otherwise 0)'),
      dssn: int(1, 255, 'SCCP Destination Sub-System Number'),
      dpc: int(0, 0xffffff, 'SCCP Destination Point Code, 14-bit or 24-bit'),
      dgt_digits: { type: 'string', pattern: '^[0-9A-Fa-f*#]*$', description: 'Destination Global Title digits' },
      dgt_noa: int(0, 127, 'Global Title Nature of Address'),
      dgt_np: int(0, 7, 'Global Title Numbering Plan'),
      dgt_tt: int(0, 255, 'Global Title Translation Type'),
      tcap_timeout: { type: 'number', exclusiveMinimum: 0, maximum: 3600, description: 'Seconds allowed for an inbound TCAP operation to arrive before the instance is aborted (default: the gateway instance\'s tcapTimeoutMs, 10 s)' },
    },
  },
};

/** The run's `scp.tcap_timeout` in ms, or undefined (the gateway instance's own tcapTimeoutMs then applies). */
export function tcapTimeoutMs(params: Readonly<JsonObject>): number | undefined {
  const t = (params.scp as JsonObject | undefined)?.tcap_timeout;
  return typeof t === 'number' ? t * 1000 : undefined;
}

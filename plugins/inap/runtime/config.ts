// The plugin's options (plugins.json), applied once at setup and read by the operations.
import { parseVariant, type Variant } from '../codec/variants.js';

export interface InapOptions {
  /** Codec variant when neither the operation's `variant` nor the dialogue's application context names one. */
  default_variant?: string;
  /** Inbound ResetTimer while another operation is awaited: 'ignore' (skip it, default) or 'abort'. */
  reset_timer?: 'ignore' | 'abort';
  /**
   * Inbound ActivityTest: 'auto' (default: answered by the dialogue the moment it arrives), 'answer' (answered when
   * the definition next waits for another operation) or 'abort' (unexpected while another operation is awaited).
   */
  activity_test?: 'auto' | 'answer' | 'abort';
  /** What happens to a dialogue still open when the instance ends: 'end' (TCAP End, default), 'abort', 'prearranged'. */
  end_open_dialogues?: 'end' | 'abort' | 'prearranged';
  /** iPSSPCapabilities sent in CAP AssistRequestInstructions when the definition gives none (hex, default '01'). */
  ipssp_capabilities_hex?: string;
}

export const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    default_variant: { type: 'string', enum: ['cs1', 'camel', 'camel2', 'camel3', 'camel4'], default: 'camel3' },
    reset_timer: { type: 'string', enum: ['ignore', 'abort'], default: 'ignore' },
    activity_test: { type: 'string', enum: ['auto', 'answer', 'abort'], default: 'auto' },
    end_open_dialogues: { type: 'string', enum: ['end', 'abort', 'prearranged'], default: 'end' },
    ipssp_capabilities_hex: { type: 'string', pattern: '^([0-9a-fA-F]{2}){1,4}$', default: '01' },
  },
} as const;

export interface Config {
  defaultVariant: Variant;
  resetTimer: 'ignore' | 'abort';
  activityTest: 'auto' | 'answer' | 'abort';
  endOpenDialogues: 'end' | 'abort' | 'prearranged';
  ipsspCapabilitiesHex: string;
}

export const config: Config = {
  defaultVariant: 'camel3',
  resetTimer: 'ignore',
  activityTest: 'auto',
  endOpenDialogues: 'end',
  ipsspCapabilitiesHex: '01',
};

export function toConfig(o: InapOptions | undefined): Config {
  return {
    defaultVariant: parseVariant(o?.default_variant) ?? 'camel3',
    resetTimer: o?.reset_timer ?? 'ignore',
    activityTest: o?.activity_test ?? 'auto',
    endOpenDialogues: o?.end_open_dialogues ?? 'end',
    ipsspCapabilitiesHex: o?.ipssp_capabilities_hex ?? '01',
  };
}

/** Set the process-wide default (the scp-sim command, which runs without a service). */
export function configure(o: InapOptions | undefined): void {
  Object.assign(config, toConfig(o));
}

// Each service's options, found through its sigtran gateway instances: two services in one process (tests, an
// embedding application) each keep their own options.
const byGateway = new WeakMap<object, Config>();

export function bindGateways(gateways: Iterable<object>, cfg: Config): void {
  for (const g of gateways) byGateway.set(g, cfg);
}

/** The options of the service that owns `gateway` (the process default when it is not bound). */
export function configOf(gateway: unknown): Config {
  return (typeof gateway === 'object' && gateway !== null && byGateway.get(gateway)) || config;
}

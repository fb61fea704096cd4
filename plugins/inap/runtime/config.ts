// The plugin's options (plugins.json), applied once at setup and read by the operations.
import { parseVariant, type Variant } from '../codec/variants.js';

export interface InapOptions {
  /** Codec variant when neither the operation's `variant` nor the dialogue's application context names one. */
  default_variant?: string;
  /** Inbound ResetTimer while another operation is awaited: 'ignore' (skip it, default) or 'abort'. */
  reset_timer?: 'ignore' | 'abort';
  /** Inbound ActivityTest while another operation is awaited: 'answer' (ReturnResult, default) or 'abort'. */
  activity_test?: 'answer' | 'abort';
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
    activity_test: { type: 'string', enum: ['answer', 'abort'], default: 'answer' },
    end_open_dialogues: { type: 'string', enum: ['end', 'abort', 'prearranged'], default: 'end' },
    ipssp_capabilities_hex: { type: 'string', pattern: '^([0-9a-fA-F]{2}){1,4}$', default: '01' },
  },
} as const;

export interface Config {
  defaultVariant: Variant;
  resetTimer: 'ignore' | 'abort';
  activityTest: 'answer' | 'abort';
  endOpenDialogues: 'end' | 'abort' | 'prearranged';
  ipsspCapabilitiesHex: string;
}

export const config: Config = {
  defaultVariant: 'camel3',
  resetTimer: 'ignore',
  activityTest: 'answer',
  endOpenDialogues: 'end',
  ipsspCapabilitiesHex: '01',
};

export function configure(o: InapOptions | undefined): void {
  config.defaultVariant = parseVariant(o?.default_variant) ?? 'camel3';
  config.resetTimer = o?.reset_timer ?? 'ignore';
  config.activityTest = o?.activity_test ?? 'answer';
  config.endOpenDialogues = o?.end_open_dialogues ?? 'end';
  config.ipsspCapabilitiesHex = o?.ipssp_capabilities_hex ?? '01';
}

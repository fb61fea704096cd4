// The plugin's options (plugins.json).

export interface MapOptions {
  /** A dialogue still open when the instance ends: 'end' (TCAP End, default) or 'abort' (U-Abort). */
  end_open_dialogues?: 'end' | 'abort';
}

export const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    end_open_dialogues: { type: 'string', enum: ['end', 'abort'], default: 'end', description: 'What happens to a MAP dialogue still open when the test instance ends' },
  },
} as const;

export interface MapConfig {
  endOpenDialogues: 'end' | 'abort';
}

export function toConfig(o: MapOptions | undefined): MapConfig {
  return { endOpenDialogues: o?.end_open_dialogues ?? 'end' };
}

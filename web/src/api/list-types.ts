// The shapes of ListTests' answer the views read (docs/methods.md): pure declarations, so that the pure helpers of
// the views (and their tests under Node) can name them without the browser's API layer.
import type { RunSummary } from './types.js';

/** A run's line in ListTests. */
export type RunLine = Omit<RunSummary, 'current_rate' | 'target_rate'>;

/** A gateway instance in ListTests: `detail` is what the instance reports (its plugin's shape). */
export interface GatewayLine {
  kind: string;
  name: string;
  state: string;
  default: boolean;
  detail?: unknown;
  /** With worker threads: the state of each worker's own instance. */
  workers?: Array<string | null>;
}

/** ListTests' answer, the parts the views read. */
export interface RunList {
  runs: RunLine[];
  gateways: GatewayLine[];
  locks_held: number;
}

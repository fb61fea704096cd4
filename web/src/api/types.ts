// The shapes the client reads from the service: the record and summary types are the kernel's own declarations
// (core/api, type-only imports: nothing of the kernel is bundled), the rest is the HTTP API's (docs/web.md).
import type { RunRecord, RunSummary } from '../../../core/api/index.js';

export type { RunRecord, RunSummary };

/** A per-second bucket of a run's record. */
export type Bucket = NonNullable<RunRecord['buckets']>[number];

/** A threshold of a run's record with its state. */
export type ThresholdState = NonNullable<RunRecord['thresholds']>[number];

/** One event of GET /api/runs/<id>/events. */
export interface RunEvent {
  type: 'progress' | 'end';
  summary: RunSummary;
  /** The buckets not sent before. */
  buckets: Bucket[];
  thresholds: ThresholdState[];
}

/** GET /api/session. */
export interface Session {
  token_required: boolean;
  version: string;
  rpc: { host: string; port: number };
}

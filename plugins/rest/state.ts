// Per-instance REST state: the last response (or failure) of SendRequest, per label, for ExpectResponse.
import type { Json, JsonObject, OperationContext } from '../../sdk/index.js';
import type { RestResponse } from './gateway/client.js';

/** A response, or the record of a request that got none (code 0 and `error`). */
export type RestOutcome = RestResponse | { code: 0; error: string; method: string; url: string };

interface RestState {
  last: RestOutcome | undefined;
  byLabel: Map<string, RestOutcome>;
}

const init = (): RestState => ({ last: undefined, byLabel: new Map() });

function restState(ctx: OperationContext): RestState {
  return ctx.state('rest', init);
}

export function remember(ctx: OperationContext, outcome: RestOutcome): void {
  const s = restState(ctx);
  s.last = outcome;
  s.byLabel.set(ctx.label ?? '', outcome);
}

/** The response ExpectResponse checks: that of the same label, or the last one when it has no label. */
export function lastOutcome(ctx: OperationContext): RestOutcome | undefined {
  const s = restState(ctx);
  return ctx.label === undefined ? s.last : s.byLabel.get(ctx.label);
}

/**
 * The result tests[] see: `{ rest: {...} }` as in the anchor (kpaths `rest.code`, `rest.content_json.x`), with the
 * same fields also at the top (`code`, `content_json.x`) for definitions written against the response itself.
 */
export function restResult(outcome: RestOutcome): Json {
  return { ...(outcome as unknown as JsonObject), rest: outcome as unknown as Json };
}

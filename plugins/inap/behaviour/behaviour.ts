// What an INAP operation does beyond the plain encoding, decoding and matching of its argument, named by its row of
// catalogue.ts: its own argument forms, defaults the standard makes mandatory, its own matching, and what happens
// when it arrives while the instance awaits another operation. An operation's whole behaviour is found from its row.
import type { JsonObject, OperationContext } from '../../../sdk/index.js';
import type { InvokeComponent } from '../../sigtran/api.js';
import type { Variant } from '../codec/variants.js';
import type { InapDialogue } from '../dialogue.js';
import type { InapConfig } from '../options.js';

export interface OperationBehaviour {
  /** Schema properties of its own argument forms (RequestReportBCSMEvent's event flags). */
  readonly properties?: Readonly<Record<string, unknown>>;
  /** The outbound argument in the dialogue's variant: its own forms turned into the codec's, mandatory defaults. */
  outbound?(fields: JsonObject, variant: Variant, options: InapConfig): JsonObject;
  /** Its own forms added to its decoded argument. */
  inbound?(fields: JsonObject, variant: Variant): void;
  /** Match what it matches itself (ctx.pass / ctx.fail); returns the expected values left to match as fields. */
  match?(ctx: OperationContext, args: JsonObject, fields: JsonObject): JsonObject;
  /** Its Invoke arrived while another operation is awaited: true when consumed (skipped or answered). */
  whileWaiting?(ctx: OperationContext, waiting: { name: string; peer: string }, d: InapDialogue, c: InvokeComponent, options: InapConfig): boolean;
}

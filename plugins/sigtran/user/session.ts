// Per-instance state of a TCAP-user family: the instance's current dialogue per role pair, every dialogue it opened
// or accepted (closed when the instance ends, as the family's `end_open_dialogues` option says), its registrations
// for inbound Begins, and the options of the service running it.
import type { JsonObject, OperationContext } from '../../../sdk/index.js';
import type { BeginListener } from '../api.js';
import { InvokeIds } from './invoke-ids.js';
import { closeUserDialogue, forgetMessages, UserDialogueState, type EndOpenDialogues } from './dialogue.js';
import type { MessageEntry } from './spec.js';

/** What few dialogues have, out of line in one object made when first needed (a field each was 8 bytes of every
 *  call held in flight). */
export interface UserDialogueMore {
  /** The send that opened the dialogue, with its arguments, while the family may open it again in another AC
   *  (DialogueSpec.retryAc). */
  retryEntry?: MessageEntry<unknown>;
  retryArgs?: JsonObject;
  /** The segments of a result received so far (ReturnResultNotLast), until its ReturnResultLast. */
  segments?: JsonObject[];
  /** The last sent invoke ids of the operations after the first. */
  sent?: InvokeIds;
}

/** A dialogue of a TCAP user: its queue and end (UserDialogueState) and the invoke ids to answer or match. */
export class TcapUserDialogue extends UserDialogueState {
  /** Last received invoke id per operation (to answer with a result or error); made on first use. */
  received: InvokeIds | undefined = undefined;
  /** Last sent invoke id per operation (to match a result): the first operation's in two fields (most dialogues send
   *  one operation: no object for it), the others' in `more`. */
  private sentOp: string | undefined = undefined;
  private sentId = 0;
  more: UserDialogueMore | undefined = undefined;

  noteReceived(op: string, invokeId: number): void {
    (this.received ??= new InvokeIds()).set(op, invokeId);
  }

  noteSent(op: string, invokeId: number): void {
    if (this.sentOp === undefined || this.sentOp === op) {
      this.sentOp = op;
      this.sentId = invokeId;
      this.more?.sent?.delete(op);
    } else ((this.more ??= {}).sent ??= new InvokeIds()).set(op, invokeId);
  }

  /** The invoke id of the last `op` sent, undefined when none was. */
  sentInvokeId(op: string): number | undefined {
    return op === this.sentOp ? this.sentId : this.more?.sent?.get(op);
  }
}

/** What the kit reads of a family's options. */
export interface FamilyOptions {
  readonly end_open_dialogues: EndOpenDialogues;
}

/**
 * Most instances have one role pair and one dialogue: its key and dialogue are two fields, and the list of the
 * others is made with the second (no Map and no array per in-flight instance).
 */
export class Session<D extends TcapUserDialogue, O extends FamilyOptions> {
  private key1: string | undefined = undefined;
  private d1: D | undefined = undefined;
  /** Every dialogue the instance opened or accepted (an operation that opens a new call may come twice), for cleanup:
   *  the first in a field; the others, and the current ones of other role pairs, made with the second (most instances
   *  have one). */
  private first: D | undefined = undefined;
  private others: { rest: D[]; byKey: Map<string, D> | undefined } | undefined = undefined;
  /** Registrations for inbound Begins (`<family>.<segment>.Register`) by operation; made on first use. */
  registrations: Map<string, BeginListener> | undefined = undefined;
  constructor(readonly options: O) {}

  /** The current dialogue of a role pair. */
  dialogue(key: string): D | undefined {
    return key === this.key1 ? this.d1 : this.others?.byKey?.get(key);
  }

  /** Make `d` the role pair's current dialogue. */
  add(key: string, d: D): void {
    if (!this.first) this.first = d;
    else (this.others ??= { rest: [], byKey: undefined }).rest.push(d);
    if (this.key1 === undefined || this.key1 === key) {
      this.key1 = key;
      this.d1 = d;
    } else (this.others!.byKey ??= new Map()).set(key, d);
  }

  /** Close what is still open when the instance ends, as `end_open_dialogues` says. Never throws. */
  closeAll(): void {
    const mode = this.options.end_open_dialogues;
    if (this.first) closeUserDialogue(this.first, mode);
    if (this.others) for (const d of this.others.rest) closeUserDialogue(d, mode);
    if (this.first) forgetMessages(this.first);
    if (this.others) for (const d of this.others.rest) forgetMessages(d);
    this.key1 = this.d1 = this.first = this.others = undefined;
  }
}

/** session(ctx): the instance's session under `key`, made (with its cleanup at the instance's end) on first use. */
export function sessions<D extends TcapUserDialogue, O extends FamilyOptions>(key: string, options: O): (ctx: OperationContext) => Session<D, O> {
  // made once per family and service, not per instance: session() runs several times per operation
  const make = (ctx: OperationContext): Session<D, O> => {
    ctx.defer(close);
    return new Session<D, O>(options);
  };
  const session = (ctx: OperationContext): Session<D, O> => ctx.state(key, make);
  const close = (ctx: OperationContext): void => session(ctx).closeAll();
  return session;
}

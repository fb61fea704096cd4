// The last invoke id per operation name on a dialogue: those received (to answer with a result or error) and those
// sent (to match a result). Most dialogues see one operation each way: its name and id are two fields, the others an
// object made on first use (a fresh object per dialogue with a keyed store of the operation's name was ~1.5% of the
// service's CPU on the load path).
export class InvokeIds {
  private op1: string | undefined = undefined;
  private id1 = 0;
  private more: Record<string, number> | undefined = undefined;

  get(op: string): number | undefined {
    return op === this.op1 ? this.id1 : this.more?.[op];
  }

  set(op: string, id: number): void {
    if (this.op1 === undefined || this.op1 === op) {
      this.op1 = op;
      this.id1 = id;
      if (this.more !== undefined) delete this.more[op];
    } else (this.more ??= {})[op] = id;
  }

  delete(op: string): void {
    if (op === this.op1) this.op1 = undefined;
    if (this.more !== undefined) delete this.more[op];
  }
}

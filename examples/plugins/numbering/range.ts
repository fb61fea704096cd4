// A range of numbers handed out in order, wrapping at the end; shared by every run of the service.
export class NumberRange {
  private next: bigint;
  private readonly first: bigint;
  private readonly last: bigint;
  constructor(readonly name: string, first: string, last: string, private readonly width = first.length) {
    this.first = BigInt(first);
    this.last = BigInt(last);
    if (this.last < this.first) throw new Error(`range ${name}: last ${last} is below first ${first}`);
    this.next = this.first;
  }
  take(): string {
    const v = this.next;
    this.next = v >= this.last ? this.first : v + 1n;
    return v.toString().padStart(this.width, '0');
  }
}

// Reproducible randomness (ExecuteTest `seed`): each instance draws from its own generator, seeded from the run's
// seed and the instance's $n, so what an instance draws depends on neither the scheduling nor the split of the run
// across slices and workers. sfc32 (a 128-bit small fast counter generator, PractRand-clean), its state four int32
// fields, seeded through murmur3's finaliser.



function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, n: number) {
    const s = fmix(fmix(fmix(seed | 0) ^ Math.floor(seed / 4294967296)) ^ 0x9e3779b9);
    const h = fmix(fmix(s ^ (n | 0)) ^ Math.floor(n / 4294967296));
    this.a = fmix(h ^ 0x243f6a88);
    this.b = fmix(h ^ 0x85a308d3);
    this.c = fmix(h ^ 0x13198a2e);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uniform number in [0, 1), 32 bits of it. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
}

// Identifier generators (RFC 6733 §3, §8.8): hop-by-hop ids (unique per connection, here per peer), end-to-end
// ids (high 12 bits from the boot time, low 20 bits counting), and Session-Ids `<Origin-Host>;<high>;<low>`.
import { randomInt } from 'node:crypto';

export class IdGenerator {
  private hbh = randomInt(0, 0x7fffffff);
  private e2e = (((Math.floor(Date.now() / 1000) & 0xfff) << 20) | randomInt(0, 0xfffff)) >>> 0;

  nextHopByHop(): number {
    this.hbh = (this.hbh + 1) >>> 0;
    return this.hbh;
  }

  nextEndToEnd(): number {
    // keep the high 12 bits, count in the low 20
    const high = this.e2e & 0xfff00000;
    const low = ((this.e2e & 0xfffff) + 1) & 0xfffff;
    this.e2e = (high | low) >>> 0;
    return this.e2e;
  }
}

const bootHigh = Math.floor(Date.now() / 1000) >>> 0;
let sessionLow = randomInt(0, 0x7fffffff);

/** A new Session-Id for this Origin-Host, unique across restarts (RFC 6733 §8.8). */
export function newSessionId(originHost: string, suffix?: string): string {
  sessionLow = (sessionLow + 1) >>> 0;
  return `${originHost};${bootHigh};${sessionLow}${suffix ? ';' + suffix : ''}`;
}

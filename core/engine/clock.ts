// Wall-clock time with microseconds, as the result record gives times: [sec, usec].
export type SecUsec = [number, number];

export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

export function toSecUsec(ms: number): SecUsec {
  const sec = Math.floor(ms / 1000);
  return [sec, Math.round((ms - sec * 1000) * 1000)];
}

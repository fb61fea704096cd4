// Readable text of an ABORT chunk's error causes (RFC 4960 §3.3.10), for the reason of a closed association.

const CAUSES: Record<number, string> = {
  1: 'invalid stream identifier',
  2: 'missing mandatory parameter',
  3: 'stale cookie',
  4: 'out of resource',
  5: 'unresolvable address',
  6: 'unrecognized chunk type',
  7: 'invalid mandatory parameter',
  8: 'unrecognized parameters',
  9: 'no user data',
  10: 'cookie received while shutting down',
  11: 'restart of an association with new addresses',
  12: 'user-initiated abort',
  13: 'protocol violation',
};

/** "cause 12 user-initiated abort: \"going down\"" for each cause of the chunk (type 6), joined by "; ". */
export function describeAbort(chunk: Uint8Array): string {
  if (chunk.length < 4 || chunk[0] !== 6) return '';
  const end = Math.min(chunk.length, (chunk[2]! << 8) | chunk[3]!);
  const out: string[] = [];
  for (let o = 4; o + 4 <= end && out.length < 4; ) {
    const code = (chunk[o]! << 8) | chunk[o + 1]!;
    const len = (chunk[o + 2]! << 8) | chunk[o + 3]!;
    if (len < 4 || o + len > end) break;
    const info = chunk.subarray(o + 4, o + len);
    let text = `cause ${code} ${CAUSES[code] ?? 'unknown'}`;
    if ((code === 12 || code === 13) && info.length) {
      const printable = Buffer.from(info).toString('latin1').replace(/[^\x20-\x7e]/g, '.').slice(0, 120);
      text += `: "${printable}"`;
    }
    out.push(text);
    o += (len + 3) & ~3;
  }
  return out.join('; ');
}

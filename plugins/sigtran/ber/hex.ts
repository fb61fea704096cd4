// Hex helpers for traces, configuration values (application contexts, *_hex arguments) and tests.

const HEX = '0123456789abcdef';

/** Lower-case hex without separators. */
export function toHex(bytes: Uint8Array, sep = ''): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) {
    if (i && sep) s += sep;
    const b = bytes[i]!;
    s += HEX[b >> 4]! + HEX[b & 15]!;
  }
  return s;
}

/** Parse hex ('0a1B', '0A 1b', '0a:1b', optional 0x prefix). Returns undefined when it is not valid hex. */
export function parseHex(text: string): Uint8Array | undefined {
  let t = text.trim();
  if (t.startsWith('0x') || t.startsWith('0X')) t = t.slice(2);
  t = t.replace(/[\s:.-]/g, '');
  if (t.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(t)) return undefined;
  const out = new Uint8Array(t.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(t.substr(i * 2, 2), 16);
  return out;
}

/** Like parseHex but throws a RangeError naming the text. */
export function fromHex(text: string): Uint8Array {
  const b = parseHex(text);
  if (!b) throw new RangeError(`'${text}' is not a hex string`);
  return b;
}

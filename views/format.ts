// Formatting shared by the views (the HTML report, the ladder, the web client): escaping, numbers, record times
// and hex dumps. Browser-safe: nothing of Node.

export function escapeHtml(s: unknown): string {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A record time `[seconds, microseconds]` in seconds (NaN when it is not one). */
export const secs = (t: unknown): number => (Array.isArray(t) ? Number(t[0]) + Number(t[1]) / 1e6 : NaN);

/** A number as text with at most 3 decimals and thousands separators; anything else escaped, '-' when missing. */
export const num = (v: unknown): string => (typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: 3 }) : escapeHtml(v ?? '-'));

/** Classic hex dump: offset, 16 bytes in hex, their printable ASCII. A trailing odd digit is ignored. */
export function hexDump(hex: string): string {
  const bytes: number[] = [];
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const pair = hex.slice(i, i + 2);
    if (!/^[0-9a-f]{2}$/i.test(pair)) break; // as Node's hex decoding does: the bytes end at the first pair that is not hex
    bytes.push(parseInt(pair, 16));
  }
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 16) {
    const row = bytes.slice(i, i + 16);
    const h = row.map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const a = row.map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${i.toString(16).padStart(4, '0')}  ${h.padEnd(47)}  ${a}`);
  }
  return lines.join('\n');
}

/** An HTML table; cells are HTML already (escaped by the caller). */
export function table(head: string[], rows: string[][], cls = ''): string {
  return `<table${cls ? ` class="${cls}"` : ''}><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

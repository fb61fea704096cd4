// AccessPointName (TS 29.078 CAP-datatypes, coded as TS 23.003 clause 9.1 says): the APN's labels, each preceded by
// its length octet. `accessPointName_apn: "internet.mnc001.mcc001.gprs"` writes them; a decoded APN gives `_apn`
// beside `_hex` (an octet string that is not a label list gives `_hex` only).
import type { NumberFormat } from '../../sigtran/codec/index.js';

const LABEL = /^[A-Za-z0-9-]{1,63}$/;

export const apn: NumberFormat = {
  suffixes: ['apn'],
  text: ['apn'],
  encode(get) {
    const v = get('apn');
    if (typeof v !== 'string' || v === '') return '_apn: must be a non-empty string of dot-separated labels';
    const out: number[] = [];
    for (const label of v.split('.')) {
      if (!LABEL.test(label)) return `_apn: label ${JSON.stringify(label)} must be 1..63 letters, digits or hyphens`;
      out.push(label.length);
      for (let i = 0; i < label.length; i++) out.push(label.charCodeAt(i));
    }
    return new Uint8Array(out);
  },
  decode(b, prefix, out) {
    const labels: string[] = [];
    for (let i = 0; i < b.length; ) {
      const n = b[i]!;
      if (n === 0 || i + 1 + n > b.length) return false;
      labels.push(String.fromCharCode(...b.subarray(i + 1, i + 1 + n)));
      i += 1 + n;
    }
    if (labels.length === 0 || !labels.every((l) => LABEL.test(l))) return false;
    out[`${prefix}_apn`] = labels.join('.');
    return true;
  },
};

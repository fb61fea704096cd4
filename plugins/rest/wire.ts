// HTTP/1.1 text of a request and of a response for message records (and `tester run --pcap`, dissector 'http').
// A reconstruction: the client may add or reorder transport headers, and a chunked body is shown de-chunked
// with a content-length, so that Wireshark decodes the record as one message.
import { STATUS_CODES } from 'node:http';

export function requestBytes(method: string, path: string, host: string, headers: Record<string, string>, body: string | undefined): Uint8Array {
  let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [k, v] of Object.entries(headers)) if (k !== 'host' && k !== 'content-length') head += `${k}: ${v}\r\n`;
  const b = body === undefined ? undefined : Buffer.from(body, 'utf8');
  if (b) head += `content-length: ${b.length}\r\n`;
  head += '\r\n';
  return b ? Buffer.concat([Buffer.from(head, 'latin1'), b]) : Buffer.from(head, 'latin1');
}

export function responseBytes(code: number, headers: Array<{ name: string; value: string }>, content: string): Uint8Array {
  let head = `HTTP/1.1 ${code} ${STATUS_CODES[code] ?? ''}\r\n`;
  for (const h of headers) if (h.name !== 'transfer-encoding' && h.name !== 'content-length') head += `${h.name}: ${h.value}\r\n`;
  const b = Buffer.from(content, 'utf8');
  head += `content-length: ${b.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), b]);
}

// `tester import FILE.pcap[ng]`: a Test Definition per TCAP dialogue or Diameter session of a capture
// (docs/import.md), built by import.ts and written to files; what is not imported is reported with its frame number.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { defineCommand } from '../../sdk/index.js';
import { CaptureError, MAX_CAPTURE_BYTES } from './pcap/read.js';
import { importDefinitions, together, type Imported, type Selection } from './import.js';

export const importCommand = defineCommand({
  description: 'Write a Test Definition per TCAP dialogue (INAP/CAMEL, MAP) of a pcap or pcapng capture',
  help: [
    'Reads M3UA (over TCP or SCTP) and SUA (over SCTP), reassembles TCP streams, follows TCAP dialogues by transaction',
    "ids and writes PREFIX-<n>.json per INAP/CAMEL or MAP dialogue: the tester's messages as sends with their decoded arguments,",
    "the peer's as receives whose tests[] check every field but the per-call ones (call reference, time stamps,",
    'correlation ids; --strict checks them too). The tester plays the side that sent the Begin unless --role says.',
  ].join('\n'),
  helpAfter: 'Prints the files written to stdout and every frame not imported (with why) to stderr. Exit code 0 when a definition was written, 1 when none was, 2 on usage errors or an unreadable capture.',
  options: {
    out: { value: 'PREFIX', description: 'where to write: PREFIX-1.json, PREFIX-2.json, ... (default: the capture\'s name without extension)' },
    role: { value: 'ROLE', description: 'the role the tester plays: opener or answerer (of the Begin), or a role of the family: ssp, srf, scp (INAP); scp, hlr, vlr, msc, smsc, ... (MAP)', parse: parseRole },
    strict: { description: 'check every field of the received messages, the per-call ones too' },
    together: { description: 'one definition playing the chosen dialogues in order (PREFIX.json) instead of one per dialogue' },
    dialogue: { value: 'N', description: 'only dialogue N (1 = the first Begin), or the one whose Begin has otid N when written 0x…', parse: parseDialogue },
    pc: { value: 'PC', description: 'only dialogues between this point code and another', type: 'integer', min: 0 },
    ssn: { value: 'SSN', description: 'only dialogues whose Begin is addressed from or to this subsystem', type: 'integer', min: 0, max: 255 },
    ac: { value: 'OID', description: 'only dialogues whose Begin carries this application context (dotted OID)' },
    serviceKey: { value: 'N', description: 'only dialogues whose InitialDP carries this serviceKey', type: 'integer', min: 0 },
    msisdn: { value: 'DIGITS', description: "only dialogues and sessions carrying this number: INAP/CAP calling, called or destination number, MAP msisdn, Diameter Subscription-Id (END_USER_E164)", parse: parseMsisdn },
    variant: { value: 'V', description: 'the INAP variant of a dialogue whose Begin has no application context (cs1, camel2, camel3, camel4)', default: 'camel3' },
  },
  operands: { name: 'FILE', description: 'the capture (pcap or pcapng)' },
  run(o, _options: unknown, files) {
    return Promise.resolve(runImport({ ...o, files }, (t) => process.stdout.write(t), (t) => process.stderr.write(t)));
  },
});

export interface ImportArgs extends Selection {
  files: readonly string[];
  out?: string | undefined;
  together?: boolean | undefined;
}

/** The command's work, with its output streams given (for tests). */
export function runImport(a: ImportArgs, out: (t: string) => void, err: (t: string) => void): number {
  if (a.files.length !== 1) {
    err('import: name one capture file\n');
    return 2;
  }
  const file = a.files[0]!;
  let r;
  try {
    const size = statSync(file).size;
    if (size > MAX_CAPTURE_BYTES) throw new CaptureError(`${size} octets is more than the ${MAX_CAPTURE_BYTES} an import reads`);
    r = importDefinitions(readFileSync(file), a, basename(file));
  } catch (e) {
    err(`import: ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  const prefix = a.out ?? basename(file).replace(/\.[^.]*$/, '');
  const written = write(r.defs, prefix, a.together === true);
  for (const w of written) out(`${w}\n`);
  for (const n of r.notes) err(`frame ${n.frame}: ${n.why}\n`);
  err(`import: ${r.summary}\n`);
  return written.length ? 0 : 1;
}

function write(defs: Imported['defs'], prefix: string, all: boolean): string[] {
  if (!defs.length) return [];
  if (all) {
    const path = `${prefix}.json`;
    writeFileSync(path, JSON.stringify(together(defs), null, 2) + '\n');
    return [path];
  }
  return defs.map((d) => {
    const path = `${prefix}-${d.index}.json`;
    writeFileSync(path, JSON.stringify(d.definition, null, 2) + '\n');
    return path;
  });
}

function parseRole(text: string): string {
  if (/^[a-z]+$/.test(text)) return text;
  throw new Error('expected a role name (opener, answerer, ssp, scp, hlr, ...)');
}

function parseMsisdn(text: string): string {
  if (/^\+?[0-9]{3,16}$/.test(text)) return text;
  throw new Error('expected an MSISDN: 3 to 16 digits, optionally after a +');
}

function parseDialogue(text: string): { index: number } | { otid: number } {
  if (/^0x[0-9a-f]{1,8}$/i.test(text)) return { otid: parseInt(text.slice(2), 16) };
  if (/^[1-9]\d*$/.test(text)) return { index: Number(text) };
  throw new Error('expected a dialogue number (1, 2, ...) or an otid written 0x…');
}

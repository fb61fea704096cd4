// `npm run docs`: writes the parts of the docs that are made from the code, so that each concept is declared once
// and the docs cannot drift: the error table of docs/errors.md (core/errors.ts), the result record's JSON Schema
// docs/record.schema.json (core/api/record.ts), and the serve options of docs/configuration.md (cli/serve-options.ts).
// A generated part of a Markdown file sits between `<!-- generated: NAME (npm run docs) -->` and `<!-- end: NAME -->`.
// `npm run docs -- --check` writes nothing and exits 1 naming each file that is not up to date (test/scripts/docs.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorsTable } from '../core/errors.js';
import { RunRecordSchema } from '../core/api/record.js';
import { serveOptionsTable } from '../cli/serve-options.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A generated file, or a generated part of one. */
export interface Generated {
  file: string;
  /** The part's name in the file's markers; none: the whole file. */
  part?: string;
  content: string;
}

export function generatedDocs(): Generated[] {
  return [
    { file: 'docs/errors.md', part: 'errors', content: errorsTable() },
    { file: 'docs/record.schema.json', content: JSON.stringify(RunRecordSchema, null, 2) + '\n' },
    { file: 'docs/configuration.md', part: 'serve-options', content: serveOptionsTable() },
  ];
}

/** The file's text with the generated part put in (or the whole text). Throws when the markers are missing. */
export function withGenerated(text: string, g: Generated): string {
  if (!g.part) return g.content;
  const open = `<!-- generated: ${g.part} (npm run docs) -->`;
  const close = `<!-- end: ${g.part} -->`;
  const a = text.indexOf(open);
  const b = text.indexOf(close);
  if (a < 0 || b < a) throw new Error(`${g.file}: the markers of the generated part '${g.part}' are missing (${open} … ${close})`);
  return `${text.slice(0, a + open.length)}\n${g.content}\n${text.slice(b)}`;
}

/** The files whose text differs from what the code makes. */
export function staleDocs(): string[] {
  return generatedDocs()
    .filter((g) => {
      const path = join(root, g.file);
      let text = '';
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        return true;
      }
      return withGenerated(text, g) !== text;
    })
    .map((g) => (g.part ? `${g.file} (${g.part})` : g.file));
}

function main(): void {
  if (process.argv.includes('--check')) {
    const stale = staleDocs();
    for (const s of stale) process.stderr.write(`${s} is not up to date: run npm run docs\n`);
    process.exitCode = stale.length ? 1 : 0;
    return;
  }
  for (const g of generatedDocs()) {
    const path = join(root, g.file);
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      /* a whole generated file is written anew */
    }
    const next = withGenerated(text, g);
    if (next !== text) {
      writeFileSync(path, next);
      process.stdout.write(`wrote ${g.file}${g.part ? ` (${g.part})` : ''}\n`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();

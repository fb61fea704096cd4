// The example definitions offered as templates: every examples/**/*.json that is a Test Run definition (an object
// with an `operations` array), read once. Its name is its path (inap/prepaid); its title the first comment
// operation's text when it starts with one, else the name.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { projectRoot } from '../../core/paths.js';

export interface Template {
  name: string;
  title: string;
  definition: Record<string, unknown>;
}

/** Files larger than this are not definitions anyone edits in a form (none of the examples comes close). */
const MAX_TEMPLATE_BYTES = 1024 * 1024;
const MAX_TITLE = 160;

async function jsonFiles(dir: string, out: string[] = []): Promise<string[]> {
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (e.isDirectory()) await jsonFiles(join(dir, e.name), out);
    else if (e.name.endsWith('.json')) out.push(join(dir, e.name));
  }
  return out;
}

function titleOf(name: string, def: Record<string, unknown>): string {
  const first = (def.operations as unknown[])[0] as { type?: unknown; arguments?: { text?: unknown } } | undefined;
  const text = first?.type === 'comment' && typeof first.arguments?.text === 'string' ? first.arguments.text : '';
  return text ? (text.length > MAX_TITLE ? `${text.slice(0, MAX_TITLE - 1)}…` : text) : name;
}

/** Read the templates of a folder of examples. */
export async function readTemplates(dir = join(projectRoot, 'examples')): Promise<Template[]> {
  const out: Template[] = [];
  for (const file of (await jsonFiles(dir)).sort()) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (!text || text.length > MAX_TEMPLATE_BYTES) continue;
    let def: unknown;
    try {
      def = JSON.parse(text);
    } catch {
      continue;
    }
    if (!def || typeof def !== 'object' || Array.isArray(def) || !Array.isArray((def as { operations?: unknown }).operations)) continue;
    const name = relative(dir, file).split(sep).join('/').replace(/\.json$/, '');
    out.push({ name, title: titleOf(name, def as Record<string, unknown>), definition: def as Record<string, unknown> });
  }
  return out;
}

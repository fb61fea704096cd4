// The rules of docs/architecture.md, held against the code: the core knows no protocol; dependencies point one
// way (plugins → sdk → core); a plugin imports another plugin only when it declares it as a dependency, and then
// only the modules that plugin exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginDefinition } from '../sdk/index.js';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(root, dir))) {
    const rel = join(dir, name);
    if (statSync(join(root, rel)).isDirectory()) sources(rel, out);
    else if (/\.(ts|mts|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** Every module an import names (static, dynamic, re-export), resolved to a path relative to the root. */
function imports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) {
    const spec = m[1] ?? m[2] ?? m[3]!;
    if (!spec.startsWith('.')) continue;
    out.push(relative(root, resolve(root, dirname(file), spec)).replace(/\.js$/, '.ts').split(sep).join('/'));
  }
  return out;
}

test('no file under core/ names a protocol family or a protocol param', () => {
  // Families and their vocabulary (operation families, roles, params, transports, codecs) as the plugins name them.
  const families = ['inap', 'camel', 'sigtran', 'm3ua', 'sccp', 'tcap', 'diameter', 'ocncc', 'osd', 'sqlite', 'postgres', 'postgresql', 'soap', 'ussd', 'smpp', 'isup', 'gsm_map', 'sctp', 'ss7'];
  const roles = ['scp', 'ssp', 'srf', 'hlr', 'msc', 'vlr', 'smsc', 'gsmscf', 'gsmssf'];
  const params = ['ssp_ac', 'hlr_ac', 'tcap_ac', 'tcap_timeout', 'dssn', 'dpc', 'dgt_digits'];
  const words = new RegExp(`\\b(${[...families, ...roles, ...params].join('|')})\\b`, 'i');
  // Short family names that are also ordinary words are looked for where they name a family: 'db', "rest", `map`,
  // db_<label>, rest.<label>.
  const quoted = /(['"`])(db|rest|map|pi|osd)\1|\b(db|rest|map|pi)_[<[a-z]|\b(db|rest)\.[a-z<]/;
  const hits: string[] = [];
  for (const f of sources('core')) {
    readFileSync(join(root, f), 'utf8').split('\n').forEach((line, i) => {
      const m = line.match(words) ?? line.match(quoted);
      if (m) hits.push(`${f}:${i + 1}: '${m[0]}' in: ${line.trim()}`);
    });
  }
  assert.deepEqual(hits, [], 'the core must stay protocol-agnostic; move the knowledge into the plugin that owns it');
});

/** The first path segment of a file: its room at the top level. */
const room = (f: string) => f.split('/')[0]!;

test('dependencies point one way: core → nothing else; sdk → core; views → core; builtins → core, sdk, views; cli → core, builtins, sdk, views', () => {
  const allowed: Record<string, string[]> = {
    core: ['core'],
    sdk: ['sdk', 'core'],
    views: ['views', 'core'],
    builtins: ['builtins', 'core', 'sdk', 'views'],
    cli: ['cli', 'core', 'builtins', 'sdk', 'views'],
  };
  const bad: string[] = [];
  for (const [from, to] of Object.entries(allowed)) for (const f of sources(from)) for (const t of imports(f)) if (!to.includes(room(t))) bad.push(`${f} → ${t}`);
  assert.deepEqual(bad, []);
});

test('views/ imports of the kernel only its contracts (core/api) and the ramp formula; of the built-ins only http imports views/', () => {
  const bad: string[] = [];
  for (const f of sources('views')) for (const t of imports(f)) if (room(t) === 'core' && !t.startsWith('core/api/') && t !== 'core/engine/rates.ts') bad.push(`${f} → ${t}`);
  for (const f of sources('builtins')) for (const t of imports(f)) if (room(t) === 'views' && !f.startsWith('builtins/http/')) bad.push(`${f} → ${t}`);
  assert.deepEqual(bad, []);
});

test('what a browser imports of views/ needs no Node: no node: module, no Buffer (the report\'s uPlot inliner excepted)', () => {
  const nodeOnly = ['views/report/uplot.ts'];
  const bad: string[] = [];
  for (const f of sources('views')) {
    if (nodeOnly.includes(f)) continue;
    const text = readFileSync(join(root, f), 'utf8');
    const m = text.match(/from\s*['"]node:[^'"]+['"]|import\s*\(\s*['"]node:|\bBuffer\b/);
    if (m) bad.push(`${f}: ${m[0]}`);
  }
  assert.deepEqual(bad, []);
  assert.match(readFileSync(join(root, nodeOnly[0]!), 'utf8'), /from\s*['"]node:fs['"]/, 'the scan would see a node: import');
});

test('core/ holds the kernel only: its folders and files are the listed ones', () => {
  const kernel = ['api', 'engine', 'expr', 'framing', 'plugins', 'rpc', 'server', 'validation', 'errors.ts', 'hooks.ts', 'options.ts', 'paths.ts', 'redact.ts', 'service.ts'];
  assert.deepEqual(readdirSync(join(root, 'core')).sort(), [...kernel].sort(), 'a new feature is a built-in (builtins/) or a plugin, not a room of the kernel');
});

test('the engine never imports the service, the RPC methods or the server', () => {
  const bad: string[] = [];
  for (const f of sources('core/engine')) for (const t of imports(f)) if (t === 'core/service.ts' || t.startsWith('core/rpc/') || t.startsWith('core/server/')) bad.push(`${f} → ${t}`);
  assert.deepEqual(bad, []);
});

test('a built-in imports no other built-in: each taps the kernel\'s hooks; builtins/index.ts alone composes them', () => {
  const bad: string[] = [];
  for (const f of sources('builtins')) {
    if (f === 'builtins/index.ts') continue;
    const own = f.split('/')[1];
    for (const t of imports(f)) if (room(t) === 'builtins' && t.split('/')[1] !== own) bad.push(`${f} → ${t}`);
  }
  assert.deepEqual(bad, []);
});

test('no product code imports the tests', () => {
  const bad: string[] = [];
  for (const r of ['core', 'sdk', 'builtins', 'cli', 'views', 'plugins', 'bench', 'scripts']) for (const f of sources(r)) for (const t of imports(f)) if (room(t) === 'test') bad.push(`${f} → ${t}`);
  assert.deepEqual(bad, []);
});

test('plugins import only the sdk, their own files, and the exported modules of a declared dependency', async () => {
  const pluginDirs = readdirSync(join(root, 'plugins')).filter((d) => existsSync(join(root, 'plugins', d, 'index.ts')));
  const defs = new Map<string, PluginDefinition>();
  for (const d of pluginDirs) defs.set(d, (await import(pathToFileURL(join(root, 'plugins', d, 'index.ts')).href)).default as PluginDefinition);
  const bad: string[] = [];
  const check = (file: string, owner: string | undefined, ownDir = owner ? `plugins/${owner}` : '') => {
    for (const t of imports(file)) {
      if (t.startsWith('sdk/')) continue;
      if (t.startsWith('core/')) {
        bad.push(`${file} → ${t}: plugins use the sdk, never the core's insides`);
        continue;
      }
      const m = /^plugins\/([^/]+)\/(.+)$/.exec(t);
      if (!m) {
        if (!t.startsWith(`${ownDir}/`)) bad.push(`${file} → ${t}: outside the plugin`);
        continue;
      }
      const [, target, path] = m;
      if (target === owner) continue;
      const def = owner ? defs.get(owner) : undefined;
      if (!def?.dependencies || !(target! in def.dependencies)) {
        bad.push(`${file} → ${t}: '${target}' is not a declared dependency of ${owner ?? 'this file'}`);
        continue;
      }
      const exported = defs.get(target!)?.exports ?? [];
      if (!exported.includes(path!)) bad.push(`${file} → ${t}: not among the modules ${target} exports (${exported.join(', ') || 'none'})`);
    }
  };
  for (const d of pluginDirs) for (const f of sources(join('plugins', d))) check(f, d);
  // The example site plugin is written the way any site plugin must be: sdk only.
  for (const d of readdirSync(join(root, 'examples/plugins'))) for (const f of sources(join('examples/plugins', d))) check(f, undefined, `examples/plugins/${d}`);
  assert.deepEqual(bad, []);
});

test('loading the sdk (and so any operation) never loads the test runner; sdk/testing is its own entry point', () => {
  const seen = new Set<string>();
  const walk = (f: string) => {
    if (seen.has(f) || !existsSync(join(root, f))) return;
    seen.add(f);
    imports(f).forEach(walk);
  };
  walk('sdk/index.ts');
  const withRunner = [...seen].filter((f) => /from\s*['"]node:test['"]/.test(readFileSync(join(root, f), 'utf8')));
  assert.deepEqual(withRunner, []);
  assert.ok(!seen.has('sdk/testing/operation-tester.ts'));
  assert.ok(/from\s*['"]node:test['"]/.test(readFileSync(join(root, 'sdk/testing/operation-tester.ts'), 'utf8')), 'the scan would see node:test');
});

test('the rules are not vacuous: the scanner sees the imports it judges', () => {
  assert.ok(imports('plugins/inap/index.ts').includes('sdk/index.ts'));
  assert.ok(sources('core').length > 20 && sources('plugins').length > 50 && sources('builtins').length > 5 && sources('cli').length > 10 && sources('views').length >= 7);
  assert.ok(imports('cli/commands/report.ts').includes('views/report/html.ts') && imports('views/report/html.ts').includes('views/ladder.ts'));
  assert.ok(imports('cli/commands/serve.ts').includes('builtins/index.ts') && imports('builtins/index.ts').includes('builtins/store/index.ts'));
});

/** Lines of TypeScript under a room ('core/*.ts': the files directly in core/). */
function linesOf(roomPath: string): number {
  const files = roomPath.endsWith('/*.ts')
    ? readdirSync(join(root, roomPath.slice(0, -5))).filter((n) => n.endsWith('.ts')).map((n) => join(roomPath.slice(0, -5), n))
    : sources(roomPath).filter((f) => f.endsWith('.ts'));
  return files.reduce((a, f) => a + readFileSync(join(root, f), 'utf8').split('\n').length - 1, 0);
}

test('each room keeps within its line budget (docs/architecture.md "Room budgets")', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Room budgets'), doc.indexOf('\n## ', doc.indexOf('## Room budgets') + 5));
  const budgets = [...section.matchAll(/^\| ([\w/*.]+) \| (\d+) \|/gm)].map((m) => [m[1]!, Number(m[2])] as const);
  assert.ok(budgets.length >= 15, `the budgets table was read: ${budgets.length} rows`);
  // every room of the code has a budget: core's folders and files, the top rooms, each plugin
  const rooms = [
    ...readdirSync(join(root, 'core')).filter((n) => !n.endsWith('.ts')).map((n) => `core/${n}`),
    'core/*.ts',
    'builtins',
    'cli',
    'sdk',
    'views',
    ...readdirSync(join(root, 'plugins')).map((n) => `plugins/${n}`),
  ];
  assert.deepEqual(budgets.map(([r]) => r).sort(), rooms.sort(), 'the table names every room');
  const over = budgets.filter(([r, max]) => linesOf(r) > max).map(([r, max]) => `${r}: ${linesOf(r)} lines, budget ${max}`);
  assert.deepEqual(over, []);
});

test('sigtran names no TCAP user: no INAP/CAP or MAP operation, application-context alias or family literal in plugins/sigtran', async () => {
  // The users' vocabulary, from their own tables: operation names written in two or more words (InitialDP,
  // AnyTimeInterrogation; one-word names such as Connect or Continue are also plain or TCAP words), the aliases of
  // the application contexts they register, and their family names as string literals ('inap', "map").
  const { OPERATIONS } = await import('../plugins/inap/catalogue.js');
  const { INAP_CONTEXTS } = await import('../plugins/inap/contexts.js');
  const { MAP_OPERATIONS } = await import('../plugins/map/catalogue.js');
  const { MAP_CONTEXT_ROWS } = await import('../plugins/map/contexts.js');
  const operations = [...Object.keys(OPERATIONS), ...MAP_OPERATIONS.map((o) => o.name)].filter((n) => /^[A-Z][a-z]+[A-Z]/.test(n));
  const aliases = [...INAP_CONTEXTS, ...MAP_CONTEXT_ROWS].flatMap((c) => c.names);
  const escape = (w: string) => w.replace(/[-]/g, '\\-');
  const names = new RegExp(`\\b(${operations.join('|')})\\b|(?<![\\w-])(${aliases.map(escape).join('|')})(?![\\w-])|(['"\`])(inap|camel|map|gsm_map)\\3`, 'i');
  // Where a name is justified: nothing is (the AC rows, extensions and per-operation behaviour live in the users).
  const allowed: Record<string, string> = {
    'plugins/sigtran/bench.ts': 'a micro-benchmark of the stack timing a Begin with an InitialDP-sized Invoke (a bench/ script, review §1)',
  };
  const hits: string[] = [];
  for (const f of sources('plugins/sigtran')) {
    if (f in allowed) continue;
    readFileSync(join(root, f), 'utf8').split('\n').forEach((line, i) => {
      const m = line.match(names);
      if (m) hits.push(`${f}:${i + 1}: '${m[0]}' in: ${line.trim()}`);
    });
  }
  assert.ok(operations.includes('InitialDP') && operations.includes('AnyTimeInterrogation') && aliases.includes('camel2') && aliases.includes('ati3'), 'the scan knows the users\' names');
  assert.deepEqual(hits, [], 'sigtran is the users\' layer: a TCAP user\'s operations, contexts and codec belong to its own plugin');
});

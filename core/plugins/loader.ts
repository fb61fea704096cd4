// Boot: read plugins.json (an ordered list), import the enabled plugins, check versions and dependencies,
// validate options against each plugin's schema, run setup() in order. A boot error names the plugin and cause.
import { codeRoot, moduleExtension } from '../paths.js';
import { readFileSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve as resolvePath, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import semver from 'semver';
import type { PluginApi, PluginDefinition } from '../api/index.js';
import { ajv } from '../validation/ajv.js';
import { describeError } from '../validation/ajv.js';
import { addExpressionFunction } from '../expr/jexl.js';
import type { Registry } from './registry.js';
import { tapOnly, type ServiceHookSet } from '../hooks.js';

export interface PluginConfigEntry {
  name?: string;
  module?: string;
  enabled?: boolean;
  options?: Record<string, unknown>;
}

export interface LoadedPlugin {
  def: PluginDefinition;
  /** Where its files are (`plugins/<name>/` for a built-in), the default `source` of its operation types. */
  folder: string;
  options: Record<string, unknown>;
  exports: unknown;
  entry: PluginConfigEntry;
  setupMs: number;
}

export class BootError extends Error {
  constructor(readonly plugin: string, message: string) {
    super(`plugin ${plugin}: ${message}`);
    this.name = 'BootError';
  }
}

const builtinPluginDir = resolvePath(codeRoot, 'plugins');

/** The folder of a plugin's module, relative to the repository when inside it, with a trailing '/'. */
function folderOf(specifier: string): string {
  let url = specifier;
  try {
    if (!url.startsWith('file:')) url = import.meta.resolve(specifier);
  } catch {
    return specifier;
  }
  if (!url.startsWith('file:')) return specifier;
  const dir = dirname(fileURLToPath(url));
  const rel = relative(codeRoot, dir);
  return `${rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : dir}/`;
}

const entrySchema = ajv.compile({
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1 },
      module: { type: 'string', minLength: 1 },
      enabled: { type: 'boolean' },
      options: { type: 'object' },
    },
    anyOf: [{ required: ['name'] }, { required: ['module'] }],
  },
});

export function readPluginsConfig(path: string): { entries: PluginConfigEntry[]; baseDir: string } {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new BootError('(config)', `cannot read ${path}: ${(e as Error).message}`);
  }
  return { entries: checkPluginEntries(data, path), baseDir: dirname(resolvePath(path)) };
}

/** The plugins array of a config file (plugins.json, or `plugins` of a service config), checked. */
export function checkPluginEntries(data: unknown, where: string): PluginConfigEntry[] {
  if (!entrySchema(data)) {
    const d = describeError(entrySchema.errors![0]!);
    throw new BootError('(config)', `${where}: ${d.path || '(root)'} ${d.message}`);
  }
  return data as PluginConfigEntry[];
}

/** Import a plugin module: a built-in family name, a path (relative to the config file) or a package name. */
export async function importPlugin(entry: PluginConfigEntry, baseDir: string): Promise<PluginDefinition> {
  return (await importPluginModule(entry, baseDir)).def;
}

function specifierOf(entry: PluginConfigEntry, baseDir: string): string {
  const label = entry.name ?? entry.module!;
  if (entry.module) {
    const m = entry.module;
    return m.startsWith('.') || isAbsolute(m) ? pathToFileURL(resolvePath(baseDir, m)).href : m;
  }
  if (!/^[a-z][a-z0-9_-]*$/.test(entry.name!)) throw new BootError(label, 'a built-in plugin name is lower-case letters, digits, - and _');
  return pathToFileURL(join(builtinPluginDir, entry.name!, `index${moduleExtension}`)).href;
}

/** The plugin's definition and its folder. */
async function importPluginModule(entry: PluginConfigEntry, baseDir: string): Promise<{ def: PluginDefinition; folder: string }> {
  const label = entry.name ?? entry.module!;
  const specifier = specifierOf(entry, baseDir);
  let mod: { default?: PluginDefinition };
  try {
    mod = await import(specifier);
  } catch (e) {
    const hint = specifier.endsWith('.ts') && moduleExtension === '.js' ? ' (a TypeScript plugin module must be compiled to JavaScript first, e.g. with tsc)' : '';
    throw new BootError(label, `cannot load module ${specifier}: ${(e as Error).message}${hint}`);
  }
  const def = mod.default;
  if (!def || typeof def !== 'object' || typeof def.setup !== 'function' || typeof def.name !== 'string') {
    throw new BootError(label, 'the module does not default-export definePlugin({ name, version, setup })');
  }
  if (!semver.valid(def.version)) throw new BootError(def.name, `version '${def.version}' is not a semantic version`);
  return { def, folder: folderOf(specifier) };
}

export interface BootContext {
  registry: Registry;
  hooks: ServiceHookSet;
  dataDir: string;
  log(level: string, text: string): void;
  /** Which worker thread loads the plugins (`tester serve --workers N`); default {index 0, count 1}. */
  worker?: { index: number; count: number };
}

export async function loadPlugins(entries: PluginConfigEntry[], baseDir: string, ctx: BootContext): Promise<LoadedPlugin[]> {
  const loaded = new Map<string, LoadedPlugin>();
  const order: LoadedPlugin[] = [];
  const hooks = tapOnly(ctx.hooks);
  for (const entry of entries) {
    if (entry.enabled === false) continue;
    const { def, folder } = await importPluginModule(entry, baseDir);
    if (def.builtin && entry.module) throw new BootError(def.name, 'claims to be built-in (bare operation names), but only the plugins of the repository\'s plugins/ folder are; remove `builtin`');
    if (entry.name && entry.name !== def.name) throw new BootError(entry.name, `the module is plugin '${def.name}', not '${entry.name}'`);
    if (loaded.has(def.name)) throw new BootError(def.name, 'is listed twice in plugins.json');
    for (const [dep, range] of Object.entries(def.dependencies ?? {})) {
      const d = loaded.get(dep);
      if (!d) throw new BootError(def.name, `depends on plugin '${dep}' (${range}), which must be enabled and listed before it in plugins.json`);
      if (!semver.satisfies(d.def.version, range)) throw new BootError(def.name, `needs ${dep} ${range}, but ${dep} is ${d.def.version}`);
    }
    const options = structuredClone(entry.options ?? {});
    if (def.optionsSchema) {
      let validate;
      try {
        validate = ajv.compile(def.optionsSchema);
      } catch (e) {
        throw new BootError(def.name, `its options schema does not compile: ${(e as Error).message}`);
      }
      if (!validate(options)) {
        const d = describeError(validate.errors![0]!, 'options');
        throw new BootError(def.name, `${d.path}: ${d.message}`);
      }
    }
    const api = makeApi(def, folder, loaded, ctx, hooks);
    const t0 = performance.now();
    let exports: unknown;
    try {
      exports = await def.setup(api, options);
    } catch (e) {
      if (e instanceof BootError) throw e;
      throw new BootError(def.name, `setup failed: ${(e as Error).message}`);
    }
    const lp: LoadedPlugin = { def, folder, options, exports, entry, setupMs: performance.now() - t0 };
    loaded.set(def.name, lp);
    order.push(lp);
  }
  return order;
}

function makeApi(def: PluginDefinition, folder: string, loaded: Map<string, LoadedPlugin>, ctx: BootContext, hooks: PluginApi['hooks']): PluginApi {
  const namespaces = [def.name, ...(def.namespaces ?? [])];
  const wrap = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (e) {
      throw new BootError(def.name, `${what}: ${(e as Error).message}`);
    }
  };
  return {
    name: def.name,
    operation: (op) => wrap(`operation ${op?.type}`, () => ctx.registry.addOperation(op, def.name, def.builtin ? [...namespaces, ''] : namespaces, folder)),
    gateway: (g) => wrap(`gateway ${g?.kind}`, () => ctx.registry.addGateway(g, def.name)),
    param: (name, p) => wrap(`param ${name}`, () => ctx.registry.addParam(name, p, def.name)),
    expressionFunction: (name, fn) =>
      wrap(`expression function ${name}`, () => {
        if (!name.startsWith(`${def.name}_`)) throw new Error(`its name must start with '${def.name}_'`);
        addExpressionFunction(name, fn, def.name);
      }),
    use: <T>(plugin: string) => {
      if (!(def.dependencies && plugin in def.dependencies)) throw new BootError(def.name, `use('${plugin}'): not a declared dependency`);
      return loaded.get(plugin)!.exports as T;
    },
    hooks,
    log: (level, text) => ctx.log(level, `[${def.name}] ${text}`),
    worker: Object.freeze({ ...(ctx.worker ?? { index: 0, count: 1 }) }),
    dataDir: () => {
      const d = join(ctx.dataDir, def.name);
      mkdirSync(d, { recursive: true });
      return d;
    },
  };
}

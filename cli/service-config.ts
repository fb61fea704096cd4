// The service's config file (`tester serve --config FILE`, YAML or JSON): the serve flags under their own names
// (`port: 9009`, `max-runs: 8`, `tls-cert: /etc/tester/cert.pem`; `max_runs` and `maxRuns` are read the same) and
// the plugins (`plugins: [...]` as in plugins.json, or `plugins: other.json`), with `${NAME}` / `${NAME:-default}`
// taken from the environment so that one file serves several environments. Today's plugins.json, a bare array, is
// still a config file: it holds the plugins only. Flags given on the command line win over the file.
import { readFileSync } from 'node:fs';
import { dirname, extname, resolve as resolvePath } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { checkPluginEntries, readPluginsConfig, type PluginConfigEntry } from '../core/plugins/loader.js';
import { didYouMean } from '../core/validation/suggest.js';
import { UsageError } from './usage-error.js';

export interface ServiceConfig {
  /** Serve options by their flag's long name without dashes' prefix (`max-runs`), values as given. */
  options: Record<string, unknown>;
  plugins: PluginConfigEntry[] | undefined;
  /** Where the plugins' `module` paths are relative to. */
  pluginsBaseDir: string;
}

/** Replace `${NAME}` and `${NAME:-default}` in every string of a parsed config; `$${` is a literal `${`. */
export function substituteEnv(value: unknown, env: NodeJS.ProcessEnv, path = ''): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$(\$?)\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (whole, escaped: string, name: string, dflt: string | undefined) => {
      if (escaped) return whole.slice(1);
      const v = env[name];
      if (v !== undefined && v !== '') return v;
      if (dflt !== undefined) return dflt;
      throw new UsageError(`${path || '(root)'}: \${${name}} is not set in the environment (give it, or a default: \${${name}:-value})`);
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => substituteEnv(v, env, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteEnv(v, env, path ? `${path}.${k}` : k)]));
  return value;
}

/** `maxRuns`, `max_runs`, `max-runs` → `max-runs`. */
export function flagName(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

function parse(file: string, text: string): unknown {
  if (extname(file).toLowerCase() === '.json') {
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new UsageError(`${file} is not JSON: ${(e as Error).message}`);
    }
  }
  try {
    return parseYaml(text, { prettyErrors: true });
  } catch (e) {
    if (e instanceof YAMLParseError) {
      const at = e.linePos?.[0];
      throw new UsageError(`${file}${at ? `:${at.line}:${at.col}` : ''}: not YAML: ${e.message.split('\n')[0]}`);
    }
    throw e;
  }
}

/**
 * Read a config file. `flags`: the long names of the serve options (`max-runs`, ...), which the file may set; any
 * other key is refused naming the nearest.
 */
export function readServiceConfig(file: string, flags: readonly string[], env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read the config file ${file}: ${(e as Error).message}`);
  }
  const baseDir = dirname(resolvePath(file));
  const data = substituteEnv(parse(file, text), env);
  if (Array.isArray(data)) return { options: {}, plugins: checkPluginEntries(data, file), pluginsBaseDir: baseDir };
  if (!data || typeof data !== 'object') throw new UsageError(`${file}: a config file holds an object of serve options and plugins, or a plugins array`);
  const options: Record<string, unknown> = {};
  let plugins: PluginConfigEntry[] | undefined;
  let pluginsBaseDir = baseDir;
  const known = new Set(flags.filter((f) => f !== 'config'));
  for (const [key, value] of Object.entries(data)) {
    if (key === 'plugins') {
      if (typeof value === 'string') {
        const c = readPluginsConfig(resolvePath(baseDir, value));
        plugins = c.entries;
        pluginsBaseDir = c.baseDir;
      } else plugins = checkPluginEntries(value, `${file}: plugins`);
      continue;
    }
    // `tls: {cert, key, ca}` is the same as tls-cert, tls-key, tls-ca.
    if (key === 'tls' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) setOption(options, `tls-${flagName(k)}`, v, known, file);
      continue;
    }
    setOption(options, flagName(key), value, known, file);
  }
  return { options, plugins, pluginsBaseDir };
}

function setOption(options: Record<string, unknown>, name: string, value: unknown, known: ReadonlySet<string>, file: string): void {
  if (!known.has(name)) throw new UsageError(`${file}: '${name}' is not a serve option${didYouMean(name, known)} (tester serve --help lists them)`);
  if (value === null || (typeof value === 'object' && !Array.isArray(value))) throw new UsageError(`${file}: ${name} must be a string, number, boolean or list`);
  options[name] = value;
}

// tester serve: run the service until SIGINT/SIGTERM.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { startService, defaults } from '../../core/service.js';
import { applyBuiltins, type TesterOptions } from '../../builtins/index.js';
import type { PluginConfigEntry } from '../../core/plugins/loader.js';
import { readServiceConfig } from '../service-config.js';
import { UsageError } from '../usage-error.js';

export interface ServeOptions {
  host: string;
  port: string;
  config?: string;
  maxMessageBytes?: string;
  readTimeoutMs?: string;
  maxConnections?: string;
  maxRuns?: string;
  workers?: string;
  retentionSecs?: string;
  maxRetainedRuns?: string;
  forgetOnRead?: boolean;
  allow?: string[];
  dataDir?: string;
  /** a file, false (--no-store) or true/undefined (the default file in the data directory) */
  store?: string | boolean;
  tlsCert?: string;
  tlsKey?: string;
  tlsCa?: string;
  tokenFile?: string;
  maxConnectionsPerClient?: string;
  metricsPort?: string;
  metricsHost?: string;
  quiet?: boolean;
  verbose?: boolean;
  maxValueBytes?: string;
  maxVarsBytes?: string;
  maxExpressionLength?: string;
  maxExpressionDepth?: string;
  maxRecordBytes?: string;
}

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** The token from --token-file (its first line), else TESTER_TOKEN; none: no token required. */
function readToken(file: string | undefined): string | undefined {
  if (file) {
    const t = readFileSync(file, 'utf8').split(/\r?\n/)[0]!.trim();
    if (!t) throw new Error(`--token-file ${file}: the first line is empty`);
    return t;
  }
  return process.env.TESTER_TOKEN || undefined;
}

/** The serve options commander knows: long name (`max-runs`, `no-store`) → its attribute and kind. */
export interface FlagInfo {
  attribute: string;
  negate: boolean;
  takesValue: boolean;
  variadic: boolean;
}

export function flagsOf(cmd: Command): Map<string, FlagInfo> {
  return new Map(
    cmd.options
      .filter((x) => x.long)
      .map((x) => [x.long!.replace(/^--/, ''), { attribute: x.attributeName(), negate: x.negate, takesValue: x.required || x.optional, variadic: x.variadic }]),
  );
}

/**
 * Apply a config file to the options: its plugins, and each serve option it sets unless the command line gave
 * that flag (the command line wins). Values as the flags take them: numbers as strings, lists for variadic flags.
 */
export function applyConfig(o: ServeOptions, cmd: Command | undefined): { plugins?: PluginConfigEntry[]; pluginsBaseDir?: string } {
  if (!o.config) return {};
  const flags = cmd ? flagsOf(cmd) : new Map<string, FlagInfo>();
  const c = readServiceConfig(o.config, [...flags.keys()]);
  const opts = o as unknown as Record<string, unknown>;
  for (const [name, raw] of Object.entries(c.options)) {
    const f = flags.get(name)!;
    if (cmd?.getOptionValueSource(f.attribute) === 'cli') continue;
    const asBool = (v: unknown) => {
      if (v === true || v === 'true') return true;
      if (v === false || v === 'false') return false;
      throw new UsageError(`${o.config}: ${name} must be true or false, not ${JSON.stringify(v)}`);
    };
    if (f.negate) opts[f.attribute] = !asBool(raw);
    else if (f.variadic) opts[f.attribute] = (Array.isArray(raw) ? raw : String(raw).split(/[\s,]+/).filter(Boolean)).map(String);
    else if (f.takesValue) {
      if (Array.isArray(raw)) throw new UsageError(`${o.config}: ${name} takes one value, not a list`);
      opts[f.attribute] = raw === false && name === 'store' ? false : String(raw);
    } else opts[f.attribute] = asBool(raw);
  }
  return c.plugins ? { plugins: c.plugins, pluginsBaseDir: c.pluginsBaseDir } : {};
}

export async function serve(o: ServeOptions, cmd?: Command): Promise<number> {
  const fromFile = applyConfig(o, cmd);
  const options: TesterOptions = {
    host: o.host,
    port: Number(o.port),
    ...(fromFile.plugins ? { plugins: fromFile.plugins, pluginsBaseDir: fromFile.pluginsBaseDir } : { configPath: o.config }),
    maxMessageBytes: num(o.maxMessageBytes),
    readTimeoutMs: num(o.readTimeoutMs),
    maxConnections: num(o.maxConnections),
    maxRuns: num(o.maxRuns),
    workers: num(o.workers),
    retentionSecs: num(o.retentionSecs),
    maxRetainedRuns: num(o.maxRetainedRuns),
    forgetOnRead: o.forgetOnRead,
    allow: o.allow,
    dataDir: o.dataDir,
    store: o.store === false ? false : typeof o.store === 'string' ? o.store : join(o.dataDir ?? '.tester', 'runs.db'),
    tlsCert: o.tlsCert,
    tlsKey: o.tlsKey,
    tlsCa: o.tlsCa,
    token: readToken(o.tokenFile),
    maxConnectionsPerClient: num(o.maxConnectionsPerClient),
    metricsPort: num(o.metricsPort),
    metricsHost: o.metricsHost,
    quiet: o.quiet,
    verbose: o.verbose,
    maxValueBytes: num(o.maxValueBytes),
    maxVarsBytes: num(o.maxVarsBytes),
    maxExpressionLength: num(o.maxExpressionLength),
    maxExpressionDepth: num(o.maxExpressionDepth),
    maxRecordBytes: num(o.maxRecordBytes),
  };
  const svc = await startService(options, applyBuiltins);
  // A fault in one plugin's callback must not take down the runs of everybody else: log it and keep serving.
  process.on('uncaughtException', (e) => process.stderr.write(`${new Date().toISOString()} error uncaught exception (service continues): ${e?.stack ?? e}\n`));
  process.on('unhandledRejection', (e) => process.stderr.write(`${new Date().toISOString()} error unhandled rejection (service continues): ${(e as Error)?.stack ?? e}\n`));
  // The stop signals are taken before the readiness line: a script that sends SIGTERM as soon as it reads the line
  // gets the orderly close, never Node's default of dying by the signal.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  // Readiness line on stdout, for scripts that start the service and wait for it.
  process.stdout.write(`listening ${svc.host}:${svc.port}\n`);
  const metrics = svc.served.metrics;
  if (metrics) process.stdout.write(`metrics http://${metrics.host}:${metrics.port}/metrics\n`);
  await stopped;
  await svc.close();
  return 0;
}

export const serveDefaults = defaults;

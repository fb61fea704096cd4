// tester serve: run the service (the kernel with the built-ins) until SIGINT/SIGTERM. Its options are the table of
// cli/serve-options.ts: flags, then the config file for what the command line did not set, then the environment,
// then the defaults; checked and typed before anything starts.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { startService } from '../../core/service.js';
import { applyBuiltins, type TesterOptions } from '../../builtins/index.js';
import type { PluginConfigEntry } from '../../core/plugins/loader.js';
import { readServiceConfig } from '../service-config.js';
import { UsageError } from '../usage-error.js';
import { checkServeValues, fromEnvironment, type ServeValues } from '../serve-options.js';

/** The token from --token-file (its first line), else the `token` option (TESTER_TOKEN); none: no token required. */
function readToken(v: ServeValues): string | undefined {
  if (v.tokenFile) {
    const t = readFileSync(v.tokenFile, 'utf8').split(/\r?\n/)[0]!.trim();
    if (!t) throw new UsageError(`--token-file ${v.tokenFile}: the first line is empty`);
    return t;
  }
  return v.token;
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
 * that flag (the command line wins). Values as the flags take them: lists for variadic flags; the check that
 * follows types them.
 */
function applyConfig(o: Record<string, unknown>, cmd: Command | undefined): { plugins?: PluginConfigEntry[]; pluginsBaseDir?: string } {
  const file = o.config as string | undefined;
  if (!file) return {};
  const flags = cmd ? flagsOf(cmd) : new Map<string, FlagInfo>();
  const c = readServiceConfig(file, [...flags.keys()]);
  for (const [name, raw] of Object.entries(c.options)) {
    const f = flags.get(name)!;
    if (cmd?.getOptionValueSource(f.attribute) === 'cli') continue;
    const asBool = (v: unknown) => {
      if (v === true || v === 'true') return true;
      if (v === false || v === 'false') return false;
      throw new UsageError(`${file}: ${name} must be true or false, not ${JSON.stringify(v)}`);
    };
    if (f.negate) o[f.attribute] = !asBool(raw);
    else if (f.variadic) o[f.attribute] = (Array.isArray(raw) ? raw : String(raw).split(/[\s,]+/).filter(Boolean)).map(String);
    else if (f.takesValue) {
      if (Array.isArray(raw)) throw new UsageError(`${file}: ${name} takes one value, not a list`);
      o[f.attribute] = raw === false && name === 'store' ? false : String(raw);
    } else o[f.attribute] = asBool(raw);
  }
  return c.plugins ? { plugins: c.plugins, pluginsBaseDir: c.pluginsBaseDir } : {};
}

/** The service's options from the command's: the config's plugins, the token read, the store's default file. */
function testerOptions(o: Record<string, unknown>, cmd?: Command): TesterOptions {
  const fromFile = applyConfig(o, cmd);
  // commander's value of --store when neither --store FILE nor --no-store was given
  if (o.store === true) delete o.store;
  fromEnvironment(o);
  const checked = checkServeValues(o);
  const { config, tokenFile: _file, token: _token, store, ...values } = checked;
  return {
    ...values,
    ...(fromFile.plugins ? { plugins: fromFile.plugins, pluginsBaseDir: fromFile.pluginsBaseDir } : { configPath: config }),
    store: store === false ? false : (store ?? join(values.dataDir ?? '.tester', 'runs.db')),
    token: readToken(checked),
  };
}

export async function serve(o: Record<string, unknown>, cmd?: Command): Promise<number> {
  const svc = await startService(testerOptions(o, cmd), applyBuiltins);
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
  const web = svc.served.http;
  if (web) process.stdout.write(`web client ${o.tlsCert ? 'https' : 'http'}://${web.host.includes(':') ? `[${web.host}]` : web.host}:${web.port}/\n`);
  await stopped;
  await svc.close();
  return 0;
}

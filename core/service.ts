// The kernel's service: boots the plugins, builds the run manager and the JSON-RPC methods, applies the built-ins
// it is given (the metrics, the run store, the worker threads: builtins/, as webpack's WebpackOptionsApply applies
// its built-in plugins), listens on the framed TCP port. The kernel names no built-in: `tester serve` passes
// `applyBuiltins` (builtins/index.ts); a test may start the kernel alone.
import { readFileSync, mkdirSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { redactText } from './redact.js';
import { projectRoot, serviceVersion } from './paths.js';
import { createServiceHooks, type ServiceHookSet, type ServiceStatus } from './hooks.js';
import { Registry } from './plugins/registry.js';
import { loadPlugins, readPluginsConfig, type LoadedPlugin, type PluginConfigEntry } from './plugins/loader.js';
import { ajv } from './validation/ajv.js';
import { coreParams, executeTestSchema } from './rpc/params-schema.js';
import { tapGatewayLifecycle } from './plugins/gateway-lifecycle.js';
import { Dispatcher } from './rpc/dispatcher.js';
import { executeTest } from './rpc/methods/execute-test.js';
import { queryTest } from './rpc/methods/query-test.js';
import { cancelTest } from './rpc/methods/cancel-test.js';
import { listTests, serviceStatus } from './rpc/methods/list-tests.js';
import { describeOperations } from './rpc/methods/describe-operations.js';
import { discover } from './rpc/methods/discover.js';
import { RunManager } from './engine/run-manager.js';
import { FrameServer } from './server/frame-server.js';
import { ErrorCode } from './errors.js';
import { setExpressionLimits } from './expr/limits.js';
import { defaults, MAX_WORKERS, type ServiceOptionValues } from './options.js';
import { DEFINITION_LIMITS } from './engine/definition.js';

export type Log = (level: string, text: string) => void;

/**
 * The service's options: the declared ones (core/options.ts: host, port, bounds, TLS, retention, workers, …, with
 * their defaults) and what only a program passes (the plugins, the token, the log).
 */
export interface ServiceOptions extends ServiceOptionValues {
  /** plugins.json entries; or `configPath` to read them from a file. Default: the repository's plugins.json. */
  plugins?: PluginConfigEntry[];
  /** Where the `module` paths of `plugins` are relative to (the config file's folder); default the working directory. */
  pluginsBaseDir?: string;
  configPath?: string;
  /** distribution.backlog when a definition names none (default 100). */
  defaultBacklog?: number;
  /** A shared token every request must carry as params.auth_token (`tester serve` reads it from --token-file). */
  token?: string;
  log?: (line: string) => void;
}

export { defaults };

/** What the built-ins are applied to: the kernel's parts, on the main thread or on a worker thread. */
export interface ServiceCore {
  readonly hooks: ServiceHookSet;
  readonly registry: Registry;
  readonly runs: RunManager;
  readonly plugins: readonly LoadedPlugin[];
  readonly log: Log;
  /** Which thread this is: index 0 of count is the main thread (`tester serve --workers N`). */
  readonly worker: { index: number; count: number };
  /** What the service serves, by name: the kernel registers `rpc` (the framed TCP port) once it listens; the
   * built-ins register theirs (`metrics`, `http`). */
  readonly served: Record<string, { host: string; port: number }>;
  /** The JSON-RPC dispatcher the framed TCP port answers with (the five methods and rpc.discover), for a built-in
   * that answers the same requests another way (the HTTP built-in's POST /rpc). Only on the main thread. */
  readonly rpc?: Pick<Dispatcher, 'handle' | 'methodNames'>;
  /** The service's status as ListTests shows it (the process, and what the status taps add). */
  status(): ServiceStatus;
  /** Each built-in's handle by its name (the worker pool, the run store), for the tools and tests that hold the service. */
  readonly builtins: Record<string, unknown>;
}

/**
 * Applies the built-ins to a service from its options (builtins/index.ts applyBuiltins). It registers what it serves
 * in `served`, and returns what must be closed when the service stops (after the runs have ended, before the
 * shutdown hook stops the gateways).
 */
export type ApplyBuiltins<O extends ServiceOptions> = (service: ServiceCore, options: O) => Promise<Array<() => Promise<void>>>;

export interface RunningService {
  host: string;
  port: number;
  plugins: LoadedPlugin[];
  registry: Registry;
  runs: RunManager;
  hooks: ServiceHookSet;
  dispatcher: Dispatcher;
  /** What else it serves, by name (`metrics`: the Prometheus metrics), as the built-ins registered it. */
  served: Readonly<Record<string, { host: string; port: number }>>;
  /** Each built-in's handle by its name (`workers`: the worker pool, `store`: the run store). */
  builtins: Readonly<Record<string, unknown>>;
  close(): Promise<void>;
}

export const defaultConfigPath = resolvePath(projectRoot, 'plugins.json');

/** Load and set up the plugins, freeze the registry, compile the params schema. Gateways are not started. */
export async function bootPlugins(
  opts: Pick<ServiceOptions, 'plugins' | 'pluginsBaseDir' | 'configPath' | 'dataDir'> & { worker?: { index: number; count: number } },
  log: Log,
) {
  const hooks = createServiceHooks();
  const registry = new Registry();
  const dataDir = resolvePath(opts.dataDir ?? '.tester');
  mkdirSync(dataDir, { recursive: true });
  registry.dataDir = dataDir;
  const { entries, baseDir } = pluginEntries(opts);
  for (const [name, p] of Object.entries(coreParams)) registry.addParam(name, p, 'core');
  const plugins = await loadPlugins(entries, baseDir, { registry, hooks, dataDir, log, worker: opts.worker });
  const paramsSchema = executeTestSchema(registry);
  const validateParams = ajv.compile(paramsSchema);
  registry.freeze();
  tapGatewayLifecycle(hooks, registry, log);
  return { hooks, registry, plugins, validateParams, paramsSchema };
}

/** The plugin entries the options name, and the folder their `module` paths are relative to. */
export function pluginEntries(opts: Pick<ServiceOptions, 'plugins' | 'pluginsBaseDir' | 'configPath'>): { entries: PluginConfigEntry[]; baseDir: string } {
  if (opts.plugins) return { entries: opts.plugins, baseDir: opts.pluginsBaseDir ?? process.cwd() };
  return readPluginsConfig(opts.configPath ?? defaultConfigPath);
}

/** The service's log: levels filtered by quiet/verbose, secrets redacted. */
function serviceLog(opts: Pick<ServiceOptions, 'log' | 'quiet' | 'verbose'>): Log {
  const logLine = opts.log ?? ((l: string) => process.stderr.write(l + '\n'));
  return (level, text) => {
    if (opts.quiet ? level === 'error' : level !== 'debug' || opts.verbose) logLine(`${new Date().toISOString()} ${level} ${redactText(text)}`);
  };
}

/** The run manager's options from the service's. */
export function runOptions(opts: ServiceOptions) {
  return {
    maxRuns: opts.maxRuns ?? defaults.maxRuns,
    maxBacklog: opts.maxBacklog ?? defaults.maxBacklog,
    defaultBacklog: opts.defaultBacklog ?? defaults.defaultBacklog,
    maxTotal: DEFINITION_LIMITS.maxTotal,
    retentionSecs: opts.retentionSecs ?? defaults.retentionSecs,
    maxRetainedRuns: opts.maxRetainedRuns ?? defaults.maxRetainedRuns,
    forgetOnRead: opts.forgetOnRead ?? false,
    maxRecordBytes: opts.maxRecordBytes ?? defaults.maxRecordBytes,
    flowsDir: resolvePath(opts.dataDir ?? defaults.dataDir, 'flows'),
  };
}

export async function startService<O extends ServiceOptions>(opts: O = {} as O, apply?: ApplyBuiltins<O>): Promise<RunningService> {
  const log = serviceLog(opts);
  setExpressionLimits(opts);
  const count = workerCountOf(opts);
  const { hooks, registry, plugins, validateParams, paramsSchema } = await bootPlugins({ ...opts, worker: { index: 0, count } }, log);
  const runs = new RunManager(registry, hooks, runOptions(opts), log);
  const served: Record<string, { host: string; port: number }> = {};
  const builtins: Record<string, unknown> = {};
  // The dispatcher and its methods exist before the built-ins are applied (the HTTP built-in answers with it).
  const dispatcher = new Dispatcher((t) => log(t.startsWith('refused') ? 'warn' : 'error', t), opts.token);
  dispatcher.add('ExecuteTest', executeTest(runs, validateParams));
  dispatcher.add('QueryTest', queryTest(runs));
  dispatcher.add('CancelTest', cancelTest(runs));
  dispatcher.add('ListTests', listTests(runs, registry, hooks));
  dispatcher.add('DescribeOperations', describeOperations(registry, () => plugins, paramsSchema));
  dispatcher.add('rpc.discover', discover(() => dispatcher.methodNames, paramsSchema, serviceVersion));
  const core: ServiceCore = { hooks, registry, runs, plugins, log, worker: { index: 0, count }, served, status: () => serviceStatus(hooks), builtins, rpc: dispatcher };
  let closers: Array<() => Promise<void>> = [];
  const stop = async () => {
    await runs.shutdown();
    for (const c of closers) await c().catch((e: Error) => log('warn', `closing: ${e.message}`));
    await hooks.shutdown.promise().catch((e: Error) => log('warn', `shutdown hook: ${e.message}`));
  };
  try {
    closers = (await apply?.(core, opts)) ?? [];
  } catch (e) {
    await stop();
    throw e;
  }

  if (hooks.request.isUsed()) dispatcher.onAnswer = (method, code, ms) => hooks.request.call({ method, code, ms });

  const server = new FrameServer({
    host: opts.host ?? defaults.host,
    port: opts.port ?? defaults.port,
    maxMessageBytes: opts.maxMessageBytes ?? defaults.maxMessageBytes,
    readTimeoutMs: opts.readTimeoutMs ?? defaults.readTimeoutMs,
    maxConnections: opts.maxConnections ?? defaults.maxConnections,
    allow: opts.allow,
    maxConnectionsPerClient: opts.maxConnectionsPerClient,
    tls: readTls(opts),
    handle: (frame) => dispatcher.handle(frame),
    failure: (message) => Dispatcher.error(null, ErrorCode.General, message),
    log: (t) => log('warn', t),
  });
  let addr: { host: string; port: number };
  try {
    addr = await server.listen();
  } catch (e) {
    await stop();
    throw new Error(`cannot listen on ${opts.host ?? defaults.host}:${opts.port ?? defaults.port}: ${(e as Error).message}`);
  }
  served.rpc = addr;
  for (const w of exposureWarnings({ ...opts, host: addr.host })) log('warn', w);
  await hooks.ready.promise();
  log('info', `tester service listening on ${addr.host}:${addr.port} (plugins: ${plugins.map((p) => p.def.name).join(', ')})`);

  let closed = false;
  return {
    host: addr.host,
    port: addr.port,
    plugins,
    registry,
    runs,
    hooks,
    dispatcher,
    served,
    builtins,
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await stop();
    },
  };
}

/** The number of threads the options ask for (`workers`, 1 by default), checked. */
function workerCountOf(opts: ServiceOptions): number {
  const n = opts.workers;
  if (n === undefined) return 1;
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) throw new Error(`--workers must be an integer from 1 to ${MAX_WORKERS}, not ${n}`);
  return n;
}

/** The TLS key, certificate and CA the options name, read: the framed port and the HTTP built-in serve with the same. */
export function readTls(opts: ServiceOptions): { key: Buffer; cert: Buffer; ca?: Buffer; requestCert?: boolean } | undefined {
  if (!opts.tlsKey && !opts.tlsCert) {
    if (opts.tlsCa) throw new Error('--tls-ca needs --tls-cert and --tls-key');
    return undefined;
  }
  if (!opts.tlsKey || !opts.tlsCert) throw new Error('TLS needs both --tls-cert and --tls-key');
  const read = (what: string, f: string) => {
    try {
      return readFileSync(f);
    } catch (e) {
      throw new Error(`cannot read the TLS ${what} ${f}: ${(e as Error).message}`);
    }
  };
  return { key: read('key', opts.tlsKey), cert: read('certificate', opts.tlsCert), ...(opts.tlsCa ? { ca: read('CA', opts.tlsCa), requestCert: true } : {}) };
}

/** What a start-up warning should say about who can reach the service. */
export function exposureWarnings(opts: Pick<ServiceOptions, 'host' | 'allow' | 'tlsCert' | 'token'>): string[] {
  const host = opts.host ?? defaults.host;
  const loopback = host === 'localhost' || host === '::1' || host.startsWith('127.');
  if (loopback) return [];
  const out: string[] = [];
  if (!opts.tlsCert && !opts.allow?.length) out.push(`listening on ${host} without TLS and without an allow-list: any host that can reach it may run tests and read results (use --tls-cert/--tls-key, --allow, or --host 127.0.0.1)`);
  else if (!opts.tlsCert) out.push(`listening on ${host} without TLS: requests and results cross the network in clear text (--tls-cert/--tls-key)`);
  if (!opts.token) out.push(`listening on ${host} without a token: every client the network lets through is trusted (--token-file)`);
  return out;
}

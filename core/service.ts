// The service: boots the plugins, wires the JSON-RPC methods, listens on the framed TCP port.
import { readFileSync } from 'node:fs';
import { RunStore } from './store/run-store.js';
import { redactText } from './redact.js';
import { projectRoot } from './paths.js';
import { mkdirSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { createServiceHooks, type ServiceHookSet } from './hooks.js';
import { Registry } from './plugins/registry.js';
import { loadPlugins, readPluginsConfig, type LoadedPlugin, type PluginConfigEntry } from './plugins/loader.js';
import { ajv } from './validation/ajv.js';
import { coreParams, executeTestSchema } from './rpc/params-schema.js';
import { tapGatewayLifecycle } from './plugins/gateway-lifecycle.js';
import { Dispatcher } from './rpc/dispatcher.js';
import { executeTest } from './rpc/methods/execute-test.js';
import { queryTest } from './rpc/methods/query-test.js';
import { cancelTest } from './rpc/methods/cancel-test.js';
import { listTests } from './rpc/methods/list-tests.js';
import { describeOperations } from './rpc/methods/describe-operations.js';
import { RunManager } from './engine/run-manager.js';
import { tapMetrics, serveMetrics, type MetricsServer } from './metrics/prometheus.js';
import { FrameServer } from './server/frame-server.js';
import { ErrorCode } from './errors.js';
import { defaultExpressionLimits, setExpressionLimits } from './expr/limits.js';
import { DEFAULT_RECORD_BYTES } from './engine/first-call.js';
import { MAX_WORKERS, WorkerPool } from './engine/workers.js';

export interface ServiceOptions {
  host?: string;
  port?: number;
  /** plugins.json entries; or `configPath` to read them from a file. Default: the repository's plugins.json. */
  plugins?: PluginConfigEntry[];
  /** Where the `module` paths of `plugins` are relative to (the config file's folder); default the working directory. */
  pluginsBaseDir?: string;
  configPath?: string;
  maxMessageBytes?: number;
  readTimeoutMs?: number;
  maxConnections?: number;
  maxRuns?: number;
  maxBacklog?: number;
  defaultBacklog?: number;
  retentionSecs?: number;
  maxRetainedRuns?: number;
  forgetOnRead?: boolean;
  allow?: string[];
  /** TLS on the RPC port: PEM files of the key and certificate; with tlsCa, clients must present a certificate it signed. */
  tlsKey?: string;
  tlsCert?: string;
  tlsCa?: string;
  /** A shared token every request must carry as params.auth_token. */
  token?: string;
  /** Connections one client address may have open at once. */
  maxConnectionsPerClient?: number;
  dataDir?: string;
  /** The run store's file: results survive a restart (`tester serve` default `<data dir>/runs.db`). */
  store?: string | false;
  /** Expression and record bounds (core/expr/limits.ts, core/engine/first-call.ts). */
  maxValueBytes?: number;
  maxVarsBytes?: number;
  maxExpressionLength?: number;
  maxExpressionDepth?: number;
  maxSequences?: number;
  maxRecordBytes?: number;
  /** Prometheus metrics on http://metricsHost:metricsPort/metrics (core/metrics); off when metricsPort is not given. */
  metricsPort?: number;
  metricsHost?: string;
  /**
   * Worker threads that execute runs (docs/workers.md): 1 (the default) runs everything on the main thread; N > 1
   * starts N-1 worker threads beside it, each loading the multiplied plugins with the same config.
   */
  workers?: number;
  /** Log lines go to stderr: errors only when quiet; debug lines only when verbose. */
  quiet?: boolean;
  verbose?: boolean;
  log?: (line: string) => void;
}

export const defaults = {
  host: '127.0.0.1',
  port: 9009,
  maxMessageBytes: 4 * 1024 * 1024,
  readTimeoutMs: 10_000,
  maxConnections: 256,
  maxRuns: 64,
  maxBacklog: 100_000,
  defaultBacklog: 100,
  retentionSecs: 3600,
  maxRetainedRuns: 1000,
  ...defaultExpressionLimits,
  maxRecordBytes: DEFAULT_RECORD_BYTES,
};

export interface RunningService {
  host: string;
  port: number;
  plugins: LoadedPlugin[];
  registry: Registry;
  runs: RunManager;
  hooks: ServiceHookSet;
  dispatcher: Dispatcher;
  /** Where the Prometheus metrics are served, when they are. */
  metrics?: { host: string; port: number };
  close(): Promise<void>;
}

export const defaultConfigPath = resolvePath(projectRoot, 'plugins.json');

/** Load and set up the plugins, freeze the registry, compile the params schema. Gateways are not started. */
export async function bootPlugins(
  opts: Pick<ServiceOptions, 'plugins' | 'pluginsBaseDir' | 'configPath' | 'dataDir'> & { worker?: { index: number; count: number } },
  log: (level: string, text: string) => void,
) {
  const hooks = createServiceHooks();
  const registry = new Registry();
  const dataDir = resolvePath(opts.dataDir ?? '.tester');
  mkdirSync(dataDir, { recursive: true });
  let entries: PluginConfigEntry[];
  let baseDir = opts.pluginsBaseDir ?? process.cwd();
  if (opts.plugins) entries = opts.plugins;
  else {
    const c = readPluginsConfig(opts.configPath ?? defaultConfigPath);
    entries = c.entries;
    baseDir = c.baseDir;
  }
  for (const [name, p] of Object.entries(coreParams)) registry.addParam(name, p, 'core');
  const plugins = await loadPlugins(entries, baseDir, { registry, hooks, dataDir, log, worker: opts.worker });
  const paramsSchema = executeTestSchema(registry);
  const validateParams = ajv.compile(paramsSchema);
  registry.freeze();
  tapGatewayLifecycle(hooks, registry, log);
  return { hooks, registry, plugins, validateParams, paramsSchema };
}

export async function startService(opts: ServiceOptions = {}): Promise<RunningService> {
  const logLine = opts.log ?? ((l: string) => process.stderr.write(l + '\n'));
  const log = (level: string, text: string) => {
    if (opts.quiet ? level === 'error' : level !== 'debug' || opts.verbose) logLine(`${new Date().toISOString()} ${level} ${redactText(text)}`);
  };
  setExpressionLimits({
    maxValueBytes: opts.maxValueBytes,
    maxVarsBytes: opts.maxVarsBytes,
    maxExpressionLength: opts.maxExpressionLength,
    maxExpressionDepth: opts.maxExpressionDepth,
    maxSequences: opts.maxSequences,
  });
  const { hooks, registry, plugins, validateParams, paramsSchema } = await bootPlugins({ ...opts, worker: { index: 0, count: workerCount(opts.workers) } }, log);

  let store: RunStore | undefined;
  if (opts.store) {
    try {
      store = new RunStore(resolvePath(opts.store), log);
    } catch (e) {
      throw new Error(`cannot open the run store ${opts.store}: ${(e as Error).message} (give another file with --store, or --no-store to keep results in memory only)`);
    }
  }
  let workers: Awaited<ReturnType<typeof startPluginWorkers>>;
  try {
    workers = await startPluginWorkers(opts, plugins, log);
  } catch (e) {
    store?.close();
    await hooks.shutdown.promise().catch(() => {});
    throw e;
  }
  const runs = new RunManager(registry, hooks, {
    store,
    ...(workers ? { workers } : {}),
    maxRuns: opts.maxRuns ?? defaults.maxRuns,
    maxBacklog: opts.maxBacklog ?? defaults.maxBacklog,
    defaultBacklog: opts.defaultBacklog ?? defaults.defaultBacklog,
    maxTotal: 100_000_000,
    retentionSecs: opts.retentionSecs ?? defaults.retentionSecs,
    maxRetainedRuns: opts.maxRetainedRuns ?? defaults.maxRetainedRuns,
    forgetOnRead: opts.forgetOnRead ?? false,
    maxRecordBytes: opts.maxRecordBytes ?? defaults.maxRecordBytes,
  }, log);

  const dispatcher = new Dispatcher((t) => log(t.startsWith('refused') ? 'warn' : 'error', t), opts.token);
  dispatcher.add('ExecuteTest', executeTest(runs, validateParams));
  dispatcher.add('QueryTest', queryTest(runs));
  dispatcher.add('CancelTest', cancelTest(runs));
  dispatcher.add('ListTests', listTests(runs, registry));
  dispatcher.add('DescribeOperations', describeOperations(registry, () => plugins, paramsSchema));
  const metrics = opts.metricsPort !== undefined ? tapMetrics(hooks, registry, runs) : undefined;
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
    await runs.shutdown();
    throw new Error(`cannot listen on ${opts.host ?? defaults.host}:${opts.port ?? defaults.port}: ${(e as Error).message}`);
  }
  let metricsServer: MetricsServer | undefined;
  if (metrics) {
    try {
      metricsServer = await serveMetrics(metrics, opts.metricsHost ?? defaults.host, opts.metricsPort!);
    } catch (e) {
      await server.close();
      await runs.shutdown();
      throw new Error(`cannot serve metrics on ${opts.metricsHost ?? defaults.host}:${opts.metricsPort}: ${(e as Error).message}`);
    }
    log('info', `Prometheus metrics on http://${metricsServer.host}:${metricsServer.port}/metrics`);
  }
  for (const w of exposureWarnings({ ...opts, host: addr.host })) log('warn', w);
  await hooks.ready.promise();
  log('info', `tester service listening on ${addr.host}:${addr.port} (plugins: ${plugins.map((p) => p.def.name).join(', ')})${workers ? `, ${workers.threads.length + 1} workers (multiplied: ${[...workers.multiplied].join(', ') || 'none'})` : ''}`);

  let closed = false;
  return {
    host: addr.host,
    port: addr.port,
    plugins,
    registry,
    runs,
    hooks,
    dispatcher,
    ...(metricsServer ? { metrics: { host: metricsServer.host, port: metricsServer.port } } : {}),
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await metricsServer?.close();
      await runs.shutdown();
      await workers?.pool.close();
      try {
        await hooks.shutdown.promise();
      } catch (e) {
        log('warn', `shutdown hook: ${(e as Error).message}`);
      }
    },
  };
}

/** The number of workers asked for, checked. */
function workerCount(n: number | undefined): number {
  if (n === undefined) return 1;
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) throw new Error(`--workers must be an integer from 1 to ${MAX_WORKERS}, not ${n}`);
  return n;
}

/**
 * The plugins every worker loads: those that declare themselves multiplied and whose dependencies are too. The
 * others stay on the main thread, and runs that use them run there (RunManager.partsOf).
 */
export function multipliedPlugins(plugins: readonly LoadedPlugin[]): LoadedPlugin[] {
  const ok = new Set<string>();
  for (const p of plugins) {
    const m = p.def.multiplied;
    let yes = m === true;
    if (typeof m === 'function') {
      try {
        yes = m(p.options) === true;
      } catch {
        yes = false;
      }
    }
    if (yes && Object.keys(p.def.dependencies ?? {}).every((d) => ok.has(d))) ok.add(p.def.name);
  }
  return plugins.filter((p) => ok.has(p.def.name));
}

/** Start worker threads 1 … N-1 (none with one worker). */
async function startPluginWorkers(opts: ServiceOptions, plugins: readonly LoadedPlugin[], log: (level: string, text: string) => void) {
  const count = workerCount(opts.workers);
  if (count === 1) return undefined;
  const multiplied = multipliedPlugins(plugins);
  let baseDir = opts.pluginsBaseDir ?? process.cwd();
  if (!opts.plugins) baseDir = readPluginsConfig(opts.configPath ?? defaultConfigPath).baseDir;
  const pool = new WorkerPool(
    count,
    {
      entries: multiplied.map((p) => p.entry),
      baseDir,
      dataDir: opts.dataDir,
      expressionLimits: {
        maxValueBytes: opts.maxValueBytes,
        maxVarsBytes: opts.maxVarsBytes,
        maxExpressionLength: opts.maxExpressionLength,
        maxExpressionDepth: opts.maxExpressionDepth,
        maxSequences: opts.maxSequences,
      },
      metrics: opts.metricsPort !== undefined,
      runOptions: { maxRuns: 1_000_000, maxBacklog: opts.maxBacklog ?? defaults.maxBacklog, defaultBacklog: opts.defaultBacklog ?? defaults.defaultBacklog, maxTotal: 100_000_000, maxRecordBytes: opts.maxRecordBytes ?? defaults.maxRecordBytes },
    },
    log,
  );
  await pool.start();
  // the threads that are up now (a thread that died is restarted: core/engine/workers.ts)
  return {
    pool,
    get threads() {
      return pool.threads;
    },
    multiplied: new Set(multiplied.map((p) => p.def.name)),
  };
}

function readTls(opts: ServiceOptions): { key: Buffer; cert: Buffer; ca?: Buffer; requestCert?: boolean } | undefined {
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

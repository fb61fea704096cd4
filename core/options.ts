// The service's options, declared once: each is a TypeBox property whose schema gives its type, range, default and
// meaning. From these declarations come the ServiceOptions type, the defaults, `tester serve`'s flags (the flag is
// the option's name in kebab case), the keys of the config file, the environment variables and the options table of
// docs/configuration.md (cli/serve-options.ts composes the kernel's options with the built-ins' and the CLI's own).
// `flag` annotates an option for the command line: `arg` names its value in the help (`--port <port>`), `env` an
// environment variable read when neither the flag nor the config file sets it.
import { Type, type Static } from 'typebox';
import { defaultExpressionLimits } from './expr/limits.js';
import { DEFAULT_RECORD_BYTES } from './engine/first-call.js';
import { DEFINITION_LIMITS } from './engine/definition.js';

/** How an option appears on the command line (an annotation: validation ignores it). */
export interface FlagAnnotation {
  /** The value's name in the help: `--port <port>`; `addr...` takes a list. */
  arg?: string;
  /** The environment variable that sets it when neither the flag nor the config file does. */
  env?: string;
  /** The help line of the `--no-<flag>` form, for an option whose value may be false. */
  negate?: string;
}

type Opt = { description: string; default?: unknown; flag?: FlagAnnotation };
const int = (minimum: number, o: Opt & { maximum?: number }) => Type.Optional(Type.Integer({ minimum, ...o }));
const str = (o: Opt) => Type.Optional(Type.String({ minLength: 1, ...o }));
const bool = (o: Opt) => Type.Optional(Type.Boolean(o));

/** The most threads `--workers` accepts. */
export const MAX_WORKERS = 64;

/** The defaults, each written once here and read by its option's declaration below. */
export const defaults = Object.freeze({
  host: '127.0.0.1',
  port: 9009,
  maxMessageBytes: 4 * 1024 * 1024,
  readTimeoutMs: 10_000,
  maxConnections: 256,
  maxRuns: 64,
  maxBacklog: 100_000,
  /** distribution.backlog when a definition names none (DEFINITION_LIMITS, not an option). */
  defaultBacklog: DEFINITION_LIMITS.defaultBacklog,
  workers: 1,
  retentionSecs: 3600,
  maxRetainedRuns: 1000,
  dataDir: '.tester',
  ...defaultExpressionLimits,
  maxRecordBytes: DEFAULT_RECORD_BYTES,
});

/** Every bound an expression or a record lives within (docs/limits.md): the expression limits and the record's budget. */
const limitOptions = {
  maxValueBytes: int(1, { default: defaults.maxValueBytes, description: 'largest value an expression may produce, and largest var or global', flag: { arg: 'n' } }),
  maxVarsBytes: int(1, { default: defaults.maxVarsBytes, description: "largest total of an instance's vars, and of a run's globals", flag: { arg: 'n' } }),
  maxExpressionLength: int(1, { default: defaults.maxExpressionLength, description: 'longest expression source, in characters', flag: { arg: 'n' } }),
  maxExpressionDepth: int(1, { default: defaults.maxExpressionDepth, description: 'deepest bracket nesting in an expression', flag: { arg: 'n' } }),
  maxSequences: int(1, { default: defaults.maxSequences, description: 'most distinct sequence() names one run may use', flag: { arg: 'n' } }),
  maxRecordBytes: int(1, { default: defaults.maxRecordBytes, description: "byte budget of a run's detailed first_call record, and of its failures[] together (each failure: n / (2 × detail.failures))", flag: { arg: 'n' } }),
};

/** The kernel's options, in the order `tester serve --help` lists them. */
export const ServiceOptionsSchema = Type.Object({
  host: str({ default: defaults.host, description: 'address to bind (loopback by default)', flag: { arg: 'host' } }),
  port: int(0, { maximum: 65535, default: defaults.port, description: 'TCP port (0 picks a free one; the chosen port is printed)', flag: { arg: 'port' } }),
  maxMessageBytes: int(1, { default: defaults.maxMessageBytes, description: 'largest request accepted', flag: { arg: 'n' } }),
  readTimeoutMs: int(1, { default: defaults.readTimeoutMs, description: 'time allowed to receive a whole request', flag: { arg: 'n' } }),
  maxConnections: int(1, { default: defaults.maxConnections, description: 'connections served at once', flag: { arg: 'n' } }),
  maxConnectionsPerClient: int(1, { description: 'connections one client address may have open at once', flag: { arg: 'n' } }),
  maxRuns: int(1, { default: defaults.maxRuns, description: 'Test Runs in progress at once', flag: { arg: 'n' } }),
  maxBacklog: int(1, { default: defaults.maxBacklog, description: 'largest distribution.backlog a run may ask for', flag: { arg: 'n' } }),
  workers: int(1, { maximum: MAX_WORKERS, default: defaults.workers, description: 'threads that execute runs, each with its own gateway connections (docs/workers.md); 1 = the main thread only', flag: { arg: 'n' } }),
  retentionSecs: int(0, { default: defaults.retentionSecs, description: 'how long completed runs are kept for QueryTest', flag: { arg: 'n' } }),
  maxRetainedRuns: int(0, { default: defaults.maxRetainedRuns, description: 'completed runs kept at most', flag: { arg: 'n' } }),
  forgetOnRead: bool({ description: 'forget a completed run after the first QueryTest that sees it completed (for clients that read each result once)' }),
  allow: Type.Optional(
    Type.Array(Type.String({ minLength: 1 }), {
      description: 'allow-list of client addresses and subnets, IPv4 or IPv6 (e.g. 10.0.0.0/8 ::1); default: any client that can reach the bind address',
      flag: { arg: 'addr...' },
    }),
  ),
  dataDir: str({ default: defaults.dataDir, description: 'directory for plugin data (databases, captures) and the run store', flag: { arg: 'dir' } }),
  tlsCert: str({ description: 'TLS on the RPC port: certificate (PEM); needs --tls-key', flag: { arg: 'file' } }),
  tlsKey: str({ description: 'TLS private key (PEM)', flag: { arg: 'file' } }),
  tlsCa: str({ description: 'with TLS: clients must present a certificate signed by this CA (PEM)', flag: { arg: 'file' } }),
  ...limitOptions,
  quiet: bool({ description: 'log errors only' }),
  verbose: bool({ description: 'log debug lines too (gateway reconnects, plugin details)' }),
});

/** The kernel's options as the service takes them (all optional: `defaults` fills in). */
export type ServiceOptionValues = Static<typeof ServiceOptionsSchema>;

// A plugin: what plugins.json enables, and the api its setup() registers operation types, gateways, ExecuteTest
// params, expression functions and taps with. Everything is registered before the registry freezes at boot.
import type { Json, JsonSchema } from './json.js';
import type { OperationDefinition } from './operation.js';
import type { GatewayDefinition, GatewayInstance } from './gateway.js';
import type { ServiceHooks } from '../hooks.js';

/** A jexl function or transform a plugin adds, named `<plugin>_<name>`: its arguments are whatever the expression passes. */
export type ExpressionFunction = (...args: unknown[]) => unknown;

/** An ExecuteTest top-level param a plugin owns (validated with its schema; listed by DescribeOperations). */
export interface ParamDefinition {
  schema: JsonSchema;
  description: string;
  /** Applied when the param is absent (written into the schema's `default`). */
  default?: Json;
}

export interface PluginApi {
  readonly name: string;
  operation(def: OperationDefinition): void;
  /** Register a gateway kind; its selector params (`<kind>`, and `<kind>_<label>` when labelled) follow from it. */
  gateway<G extends GatewayInstance>(def: GatewayDefinition<G>): void;
  /** Declare an ExecuteTest top-level param this plugin reads (an address of the system under test, a protocol default). */
  param(name: string, def: ParamDefinition): void;
  /** Add a jexl function usable in expressions; `name` must start with `<plugin>_`. */
  expressionFunction(name: string, fn: ExpressionFunction): void;
  /** The value a declared dependency's setup() returned. */
  use<T = unknown>(plugin: string): T;
  readonly hooks: ServiceHooks;
  /** Service log (stderr), prefixed with the plugin name. */
  log(level: 'error' | 'warn' | 'info' | 'debug', text: string): void;
  /** Directory for the plugin's files (databases, captures), created on demand. */
  dataDir(): string;
  /**
   * Which of the service's worker threads this setup() runs in (`tester serve --workers N`, docs/workers.md):
   * index 0 is the main thread, count the number of workers (1 without --workers). A multiplied plugin is set up
   * once per worker and should make each worker's gateway connections distinct where the peer needs it (e.g. a
   * client identifier + index).
   */
  readonly worker: { readonly index: number; readonly count: number };
}

export interface CliCommand<O = unknown> {
  description: string;
  /** Multi-line help text printed by `tester <name> --help`. */
  help: string;
  run(args: string[], options: O): Promise<number>;
}

export interface PluginDefinition<O = unknown, E = unknown> {
  name: string;
  version: string;
  description?: string;
  /**
   * A built-in plugin (shipped in the repository's plugins/ folder) may register operation types without a family
   * (`set`, `wait`, ...). The flag is refused on plugins loaded from a path or package.
   */
  builtin?: boolean;
  /**
   * With `tester serve --workers N` (docs/workers.md): true when the plugin may be loaded in every worker thread,
   * each with its own gateway connections (e.g. one association per worker). Absent or false: it is loaded on the
   * main thread only, and a run using any of its operation types runs there, on one worker (e.g. a peer that
   * refuses a second connection from the same identity). A plugin is only multiplied when the plugins
   * it depends on are too. A function decides from the plugin's options (e.g. a listening gateway cannot be).
   */
  multiplied?: boolean | ((options: O) => boolean);
  /** Families of operation types this plugin may register besides its name (a shared or vendor family). */
  namespaces?: readonly string[];
  /** Other plugins this one needs, with semver ranges (e.g. { transport: '^0.1.0' }); loaded before it. */
  dependencies?: Readonly<Record<string, string>>;
  /**
   * The modules of this plugin that plugins depending on it may import (paths relative to the plugin's folder,
   * e.g. 'api.ts'); everything else is private. test/architecture.test.ts holds every import to this.
   */
  exports?: readonly string[];
  /** JSON schema of this plugin's options in plugins.json (defaults applied). */
  optionsSchema?: JsonSchema;
  /** Register operations, gateways, params and taps. What it returns is available to dependents via api.use(). */
  setup(api: PluginApi, options: O): E | Promise<E>;
  /**
   * Extra `tester <name>` commands this plugin offers (e.g. a simulator of the peer it tests). `run` gets the
   * arguments after the command name and the plugin's options from plugins.json, and returns the exit code.
   */
  commands?: Readonly<Record<string, CliCommand<O>>>;
}

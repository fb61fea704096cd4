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

/**
 * One option of a plugin's command, declared as data: `tester` builds its parser, its checks and its help line from
 * it. The key it is declared under names the flag (`timeoutMs` is `--timeout-ms`) and the value `run` reads.
 */
export interface CliOption {
  /** Its help line. */
  description: string;
  /** The value's name in the help (`--listen HOST:PORT`). Without one the option is a switch: true when given. */
  value?: string;
  /** A value that must be an integer or a number (within `min` and `max`); text by default. */
  type?: 'string' | 'integer' | 'number';
  min?: number;
  max?: number;
  /** The texts allowed. */
  choices?: readonly string[];
  /** The value when the option is not given (shown in the help); a text default is parsed as a given text is. */
  default?: string | number;
  /** Make the value from the text; throw an Error saying what was expected to refuse it. */
  parse?: (text: string) => unknown;
}

export type CliOptions = { readonly [key: string]: CliOption };

/** The value a declared option gives: parse's result, one of the choices, a number, a text, or a switch's boolean. */
type CliValue<O extends CliOption> = O extends { parse: (text: string) => infer T }
  ? T
  : O extends { choices: readonly (infer C)[] }
    ? C
    : O extends { type: 'integer' | 'number' }
      ? number
      : O extends { value: string }
        ? string
        : boolean;

/** The options `run` gets: each declared key with its value (undefined when a valued option without default is absent). */
export type CliValues<D extends CliOptions> = {
  -readonly [K in keyof D]: D[K] extends { value: string } ? (D[K] extends { default: string | number } ? CliValue<D[K]> : CliValue<D[K]> | undefined) : boolean;
};

/**
 * A `tester <name>` command of a plugin (a simulator of the peer it tests, a status tool). The CLI parses the
 * command line from `options` (an unknown option, a missing value or a wrong type exits 2 naming it) and writes
 * `tester <name> --help` from the description, `help`, the options and `helpAfter`. Every command also takes
 * `--config FILE`, the plugins.json the CLI reads to find it; `run` gets the plugin's options from that file.
 */
export interface CliCommand<P = unknown, D extends CliOptions = CliOptions> {
  /** One line, listed by `tester --help` and heading the command's help. */
  description: string;
  /** Text of `tester <name> --help` between the description and the options: what it does, its defaults. */
  help?: string;
  /** Text after the options: what it prints, how it stops, its exit codes. */
  helpAfter?: string;
  options?: D;
  /** Operands after the options (zero or more), e.g. instance names: their name in the usage line and meaning. */
  operands?: { name: string; description: string };
  /** The work: the parsed options, the plugin's options from plugins.json and the operands; returns the exit code. */
  run(options: CliValues<D>, pluginOptions: P, operands: string[]): Promise<number>;
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
  /** Extra `tester <name>` commands this plugin offers (e.g. a simulator of the peer it tests). */
  commands?: Readonly<Record<string, CliCommand<O>>>;
}

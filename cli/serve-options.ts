// `tester serve`'s options, one table: the kernel's (core/options.ts), the built-ins' (builtins/index.ts) and the
// command's own (the config file, the token). From it come the command's flags (the option's name in kebab case:
// maxRuns → --max-runs), the keys a config file may set (the same names), the environment variables, the checked
// and typed values (ajv: a bad value is a usage error naming the flag) and docs/configuration.md's options table.
import type { Command } from 'commander';
import { Type, type Static, type TSchema } from 'typebox';
import { ServiceOptionsSchema, type FlagAnnotation } from '../core/options.js';
import { defaultConfigPath } from '../core/service.js';
import { BuiltinOptionsSchema } from '../builtins/index.js';
import { ajv, describeError } from '../core/validation/ajv.js';
import { UsageError } from './usage-error.js';

const { host, port, ...kernel } = ServiceOptionsSchema.properties;

/** Every option of `tester serve`, in the order its help lists them. */
const ServeOptionsSchema = Type.Object({
  host,
  port,
  config: Type.Optional(
    Type.String({
      minLength: 1,
      default: defaultConfigPath,
      description: 'service config (YAML or JSON): these options under their names and `plugins`, with ${ENV} substitution; or a plugins.json array',
      flag: { arg: 'file' },
    }),
  ),
  ...kernel,
  ...BuiltinOptionsSchema.properties,
  tokenFile: Type.Optional(Type.String({ minLength: 1, description: "require this shared token (the file's first line) in params.auth_token of every request; without it, TESTER_TOKEN holds the token", flag: { arg: 'file' } })),
  token: Type.Optional(
    Type.String({ minLength: 1, description: 'the shared token itself, when there is no --token-file (from the environment only: a flag would show in ps)', flag: { env: 'TESTER_TOKEN', noFlag: true } }),
  ),
}, { additionalProperties: false });

export type ServeValues = Static<typeof ServeOptionsSchema>;

/** One option as a row of the table. */
export interface ServeOption {
  /** Its key in ServeValues (maxRuns). */
  key: string;
  /** Its flag and config key (max-runs). */
  name: string;
  schema: TSchema & { description?: string; default?: unknown; flag?: FlagAnnotation & { noFlag?: boolean } };
  /** The help form: `--max-runs <n>`; none for an option given only by the environment. */
  flag?: string;
}

/** maxRuns → max-runs. */
export const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The rows of the table, in order. */
export function serveOptions(): ServeOption[] {
  return Object.entries(ServeOptionsSchema.properties).map(([key, s]) => {
    const schema = s as ServeOption['schema'];
    const name = kebab(key);
    const arg = schema.flag?.arg;
    const flag = schema.flag?.noFlag ? undefined : arg ? `--${name} <${arg}>` : `--${name}`;
    return { key, name, schema, ...(flag ? { flag } : {}) };
  });
}

/** Add every option with a flag to the command (and `--no-<name>` where the value may be false). */
export function addServeFlags(cmd: Command): Command {
  for (const o of serveOptions()) {
    if (!o.flag) continue;
    const d = o.schema.default;
    cmd.option(o.flag, o.schema.description ?? '', ...(d === undefined ? [] : [typeof d === 'string' ? d : String(d)]));
    if (o.schema.flag?.negate) cmd.option(`--no-${o.name}`, o.schema.flag.negate);
  }
  return cmd;
}

/** Values from the environment for the options that read one, where neither the flag nor the config file set it. */
export function fromEnvironment(values: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): void {
  for (const o of serveOptions()) {
    const name = o.schema.flag?.env;
    if (name && values[o.key] === undefined && env[name]) values[o.key] = env[name];
  }
}

const validate = ajv.compile(ServeOptionsSchema);

/**
 * The options checked and typed (numbers from the command line's strings), defaults filled in; a bad value is a
 * usage error naming its flag (`--max-runs: must be >= 1`).
 */
export function checkServeValues(raw: Record<string, unknown>): ServeValues {
  const values = structuredClone(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)));
  if (!validate(values)) {
    const e = validate.errors![0]!;
    const d = describeError(e, '');
    const key = d.path.split(/[.[]/)[0] ?? '';
    const o = serveOptions().find((x) => x.key === key);
    throw new UsageError(`${o?.flag ? `--${o.name}` : o?.schema.flag?.env ?? key}: ${d.message.replace(/^[^:]*: /, '')}`);
  }
  return values as ServeValues;
}

/** docs/configuration.md's options table (`npm run docs`). */
export function serveOptionsTable(): string {
  const cell = (v: unknown) => (v === undefined ? '' : `\`${typeof v === 'string' ? v.replace(/^\/.*\/plugins\.json$/, 'plugins.json') : JSON.stringify(v)}\``);
  const rows = serveOptions().map((o) => {
    const flags = o.flag ? `\`${o.flag}\`${o.schema.flag?.negate ? `, \`--no-${o.name}\`` : ''}` : '';
    const env = o.schema.flag?.env ? `\`${o.schema.flag.env}\`` : '';
    return `| ${flags} | \`${o.name}\` | ${env} | ${cell(o.schema.default)} | ${o.schema.description ?? ''} |`;
  });
  return ['| flag | config key | environment | default | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

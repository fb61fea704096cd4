// What plugins registered: operation types, gateway kinds, ExecuteTest params (the core's own, the plugins', and
// the selector params derived from gateway kinds). Frozen after boot.
import type { GatewayDefinition, GatewayInstance, JsonSchema, OperationDefinition, ParamDefinition } from '../api/index.js';
import { ajv, type ValidateFunction } from '../validation/ajv.js';

export interface RegisteredOperation {
  def: OperationDefinition;
  plugin: string;
  /** Validates evaluated arguments (numeric strings coerced). */
  validate: ValidateFunction;
  /** Names of argument keys that are matched fields (receive ops), for ctx.match's ignore list. */
  control: ReadonlySet<string>;
  /** Where the type's definition lives: the plugin's folder, joined with the definition's own `source` if any. */
  source: string;
}

export interface RegisteredGateway {
  def: GatewayDefinition;
  plugin: string;
  byName: Map<string, GatewayInstance>;
}

export interface ResolvedType {
  op: RegisteredOperation;
  label: string | undefined;
}

export class Registry {
  private ops = new Map<string, RegisteredOperation>();
  private labelled = new Map<string, RegisteredOperation>(); // key: family + '.' + Name
  readonly gateways = new Map<string, RegisteredGateway>();
  readonly params = new Map<string, { def: ParamDefinition; plugin: string }>();
  private frozen = false;
  /** The service's data directory: data set files are read from its data/ folder (core/engine/data-files.ts). */
  dataDir: string | undefined = undefined;

  private assertOpen(what: string): void {
    if (this.frozen) throw new Error(`cannot register ${what}: the registry is frozen after boot`);
  }

  freeze(): void {
    this.frozen = true;
  }

  /** `folder`: the plugin's folder (default `source`; a relative `source` is read from it). */
  addOperation(def: OperationDefinition, plugin: string, namespaces: readonly string[], folder = ''): void {
    this.assertOpen(`operation ${def.type}`);
    if (!def || typeof def.type !== 'string' || typeof def.execute !== 'function') {
      throw new Error(`plugin ${plugin}: an operation needs a string type and an execute() function`);
    }
    const names = [def.type, ...(def.aliases ?? [])];
    for (const name of names) {
      const family = name.includes('.') ? name.split('.')[0]! : '';
      if (family && !namespaces.includes(family)) {
        throw new Error(`plugin ${plugin}: operation type '${name}' is outside its namespaces (${namespaces.join(', ')})`);
      }
      if (this.ops.has(name)) throw new Error(`plugin ${plugin}: operation type '${name}' is already registered by ${this.ops.get(name)!.plugin}`);
    }
    const schema = argumentSchema(def);
    let validate: ValidateFunction;
    try {
      validate = ajv.compile(schema);
    } catch (e) {
      throw new Error(`plugin ${plugin}: the arguments schema of ${def.type} does not compile: ${(e as Error).message}`);
    }
    const rec: RegisteredOperation = { def, plugin, validate, control: new Set(def.controlArguments ?? []), source: sourceOf(def.source, folder) };
    for (const name of names) {
      this.ops.set(name, rec);
      if (def.labelled) {
        const parts = name.split('.');
        if (parts.length !== 2) throw new Error(`plugin ${plugin}: labelled operation '${name}' must be <family>.<Name>`);
        this.labelled.set(name, rec);
      }
    }
  }

  addGateway(def: GatewayDefinition, plugin: string): void {
    this.assertOpen(`gateway ${def.kind}`);
    if (!/^[a-z][a-z0-9_]*$/.test(def.kind ?? '')) throw new Error(`plugin ${plugin}: gateway kind '${def.kind}' must be lower-case letters, digits and _ (it names the ExecuteTest param that selects an instance)`);
    if (this.params.has(def.kind)) throw new Error(`plugin ${plugin}: gateway kind '${def.kind}' would clash with the ExecuteTest param '${def.kind}' of ${this.params.get(def.kind)!.plugin}`);
    if (this.gateways.has(def.kind)) throw new Error(`plugin ${plugin}: gateway kind '${def.kind}' is already registered by ${this.gateways.get(def.kind)!.plugin}`);
    const byName = new Map<string, GatewayInstance>();
    for (const inst of def.instances) {
      if (byName.has(inst.name)) throw new Error(`plugin ${plugin}: two ${def.kind} instances are named '${inst.name}'`);
      byName.set(inst.name, inst);
    }
    if (def.defaultInstance !== undefined && !byName.has(def.defaultInstance)) {
      throw new Error(`plugin ${plugin}: default ${def.kind} instance '${def.defaultInstance}' is not among its instances (${[...byName.keys()].join(', ') || 'none'})`);
    }
    this.gateways.set(def.kind, { def, plugin, byName });
  }

  addParam(name: string, def: ParamDefinition, plugin: string): void {
    this.assertOpen(`param ${name}`);
    if (!/^[a-z][a-z0-9_]*$/.test(name ?? '')) throw new Error(`ExecuteTest param name '${name}' must be lower-case letters, digits and _`);
    if (!def || typeof def.schema !== 'object' || typeof def.description !== 'string') throw new Error(`param ${name}: give { schema, description }`);
    if (this.params.has(name)) throw new Error(`ExecuteTest param '${name}' is already registered by ${this.params.get(name)!.plugin}`);
    const clash = this.selectorParams().find((s) => (s.pattern ? new RegExp(s.pattern).test(name) : s.name === name));
    if (clash) throw new Error(`ExecuteTest param '${name}' clashes with the selector param of gateway kind '${clash.kind}'`);
    this.params.set(name, { def, plugin });
  }

  /** The params that pick a gateway instance per run: `<kind>`, and `<kind>_<label>` for labelled kinds. */
  selectorParams(): Array<{ name: string; pattern?: string; kind: string; plugin: string; def: ParamDefinition }> {
    const out: Array<{ name: string; pattern?: string; kind: string; plugin: string; def: ParamDefinition }> = [];
    for (const [kind, g] of this.gateways) {
      const names = [...g.byName.keys()];
      const configured = names.length ? ` (configured: ${names.join(', ')})` : ' (none configured)';
      const what = g.def.description ?? `${kind} instance`;
      out.push({ name: kind, kind, plugin: g.plugin, def: { schema: { type: 'string', minLength: 1 }, description: `${what} for this run${configured}` } });
      if (g.def.labelled) {
        out.push({
          name: `${kind}_<label>`,
          pattern: `^${kind}_[A-Za-z0-9_-]+$`,
          kind,
          plugin: g.plugin,
          def: { schema: { type: 'string', minLength: 1 }, description: `${what} for the labelled operations ${kind}.<label>.*${configured}` },
        });
      }
    }
    return out;
  }

  /** Find an operation type as written: exact, alias, or labelled (`<family>.<label>.<Name>` → `<family>.<Name>`). */
  resolve(type: string): ResolvedType | undefined {
    const exact = this.ops.get(type);
    if (exact) return { op: exact, label: undefined };
    const parts = type.split('.');
    if (parts.length === 3 && parts[1]) {
      const op = this.labelled.get(`${parts[0]}.${parts[2]}`);
      if (op) return { op, label: parts[1] };
    }
    return undefined;
  }

  operations(): Array<[string, RegisteredOperation]> {
    return [...this.ops.entries()].sort(([a], [b]) => a.localeCompare(b));
  }
}

/**
 * The schema the core validates arguments with: the plugin's object schema with additionalProperties false at the
 * top; for receive ops each matched field may also be null and be written `!name`.
 */
export function argumentSchema(def: OperationDefinition): JsonSchema {
  const base: JsonSchema = { ...def.arguments };
  if (base.type === undefined) base.type = 'object';
  if (base.additionalProperties === undefined) base.additionalProperties = false;
  if (def.direction !== 'receive' || !base.properties) return base;
  const control = new Set(def.controlArguments ?? []);
  const props: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(base.properties as Record<string, Record<string, unknown>>)) {
    if (control.has(k)) {
      props[k] = s;
      continue;
    }
    const n = nullable(s);
    props[k] = n;
    props[`!${k}`] = n;
  }
  return { ...base, properties: props };
}

function nullable(s: Record<string, unknown>): Record<string, unknown> {
  const out = { ...s };
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (out.const !== undefined) {
    out.enum = [out.const, null];
    delete out.const;
  }
  // anyOf / oneOf: null is tested with `const` (which never coerces) before the branches. The service's ajv coerces
  // types, so a `null` branch appended after a string branch would see "" (null coerced), and one put before them
  // would turn 0, "" and false into null.
  for (const k of ['anyOf', 'oneOf'] as const) {
    if (!Array.isArray(out[k])) continue;
    // oxlint-disable-next-line unicorn/no-thenable -- a JSON Schema if/then/else, not a promise-like object
    out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), { if: { const: null }, then: true, else: { [k]: out[k] } }];
    delete out[k];
  }
  return out;
}

/** A relative `source` (a file of the plugin, maybe followed by what in it) is shown from the plugin's folder. */
function sourceOf(source: string | undefined, folder: string): string {
  if (!source) return folder;
  if (source.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(source) || !folder) return source;
  return `${folder.endsWith('/') ? folder : `${folder}/`}${source}`;
}

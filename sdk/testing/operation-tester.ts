// Table tests for an operation type's arguments, the way every operation is tested (ESLint RuleTester style):
// `valid` argument objects must compile at ExecuteTest into this operation, on its gateway, with their arguments
// kept (and equal to `resolved` when given); `invalid` ones must be refused with 2002 naming the path.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { GatewayInstance, JsonObject, OperationDefinition } from '../types.js';
import type { CompiledDefinition } from '../../core/engine/definition.js';
import { Registry } from '../../core/plugins/registry.js';
import { compileDefinition, DEFINITION_LIMITS } from '../../core/engine/definition.js';
import { ErrorCode, TesterError } from '../../core/errors.js';

export interface OperationTestTable {
  /**
   * Arguments that must be accepted. `params` adds ExecuteTest params (e.g. scp). `resolved`: the validated
   * arguments the instances get (numeric strings coerced, defaults filled), for arguments without expressions.
   */
  valid?: Array<{ name?: string; args: JsonObject; params?: JsonObject; resolved?: JsonObject }>;
  /** Arguments that must be refused with 2002; `path` must appear in the message (e.g. 'arguments.serviceKey'). */
  invalid?: Array<{ name?: string; args: JsonObject; params?: JsonObject; path?: string; message?: RegExp }>;
  /** The gateway instance the operation resolves to (default: a stub that is always up). */
  gateway?: GatewayInstance;
  /** The type to write in the definition (default: the operation's type; use it for labelled forms). */
  as?: string;
}

/** The gateway instance an operation resolves to when the table gives none: a stub that is always up. */
const stubGateway = (): GatewayInstance => ({ name: 'test', state: () => 'up' });

/** Compile a one-operation definition exactly as ExecuteTest would. Throws the TesterError ExecuteTest would answer. */
export function compileOperation(op: OperationDefinition, args: JsonObject, opts: { params?: JsonObject; gateway?: GatewayInstance; as?: string } = {}) {
  const registry = new Registry();
  const family = op.type.includes('.') ? op.type.split('.')[0]! : '';
  const namespaces = [family, ...(op.aliases ?? []).map((a) => a.split('.')[0]!)];
  registry.addOperation(op, 'test', namespaces);
  if (op.gateway) {
    const gw: GatewayInstance = opts.gateway ?? stubGateway();
    registry.addGateway({ kind: op.gateway, labelled: op.labelled, instances: [gw] }, 'test');
  }
  const params = { run_id: 'operation-test', operations: [{ type: opts.as ?? op.type, arguments: args }], ...opts.params } as JsonObject;
  return compileDefinition(params, registry, DEFINITION_LIMITS);
}

export function testOperation(op: OperationDefinition, table: OperationTestTable): void {
  describe(`${op.type} arguments`, () => {
    for (const [i, c] of (table.valid ?? []).entries()) {
      test(`valid: ${c.name ?? JSON.stringify(c.args).slice(0, 80) ?? i}`, () => {
        const gateway = op.gateway ? (table.gateway ?? stubGateway()) : undefined;
        const compiled = compileOperation(op, c.args, { params: c.params, gateway, as: table.as });
        assertCompiledAs(compiled, op, gateway, c);
      });
    }
    for (const [i, c] of (table.invalid ?? []).entries()) {
      test(`invalid: ${c.name ?? JSON.stringify(c.args).slice(0, 80) ?? i}`, () => {
        assert.throws(
          () => compileOperation(op, c.args, { params: c.params, gateway: table.gateway, as: table.as }),
          (e: unknown) => {
            assert.ok(e instanceof TesterError, `expected a TesterError, got ${String(e)}`);
            assert.equal(e.code, ErrorCode.CannotCreate, e.message);
            if (c.path) assert.ok(e.message.includes(c.path), `message '${e.message}' should name ${c.path}`);
            if (c.message) assert.match(e.message, c.message);
            return true;
          },
        );
      });
    }
  });
}

/** A valid case compiled into exactly this operation, on the gateway instance given, with its arguments kept. */
function assertCompiledAs(compiled: CompiledDefinition, op: OperationDefinition, gateway: GatewayInstance | undefined, c: { args: JsonObject; resolved?: JsonObject }): void {
  assert.equal(compiled.ops.length, 1, 'one operation');
  const [one] = compiled.ops;
  assert.equal(one!.def, op, `compiled as ${one!.def.type}, not as ${op.type}`);
  assert.equal(one!.gateway, gateway, 'the gateway instance the operation resolves to');
  if (one!.template) {
    assert.equal(one!.staticArgs, undefined);
    assert.equal(c.resolved, undefined, 'arguments with expressions are resolved per instance: no `resolved` to compare');
    return;
  }
  const args = one!.staticArgs;
  assert.ok(args, 'arguments without expressions are validated once, at ExecuteTest');
  const lost = Object.keys(c.args).filter((k) => !(k in args));
  assert.deepEqual(lost, [], 'every argument given is kept by validation');
  if (c.resolved) assert.deepEqual(args, c.resolved);
}

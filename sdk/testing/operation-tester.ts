// Table tests for an operation type's arguments, the way every operation is tested (ESLint RuleTester style):
// `valid` argument objects must be accepted at ExecuteTest; `invalid` ones refused with 2002 naming the path.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { GatewayInstance, JsonObject, OperationDefinition } from '../types.js';
import { Registry } from '../../core/plugins/registry.js';
import { compileDefinition, DEFINITION_LIMITS } from '../../core/engine/definition.js';
import { ErrorCode, TesterError } from '../../core/errors.js';

export interface OperationTestTable {
  /** Arguments that must be accepted. `params` adds ExecuteTest params (e.g. scp). */
  valid?: Array<{ name?: string; args: JsonObject; params?: JsonObject }>;
  /** Arguments that must be refused with 2002; `path` must appear in the message (e.g. 'arguments.serviceKey'). */
  invalid?: Array<{ name?: string; args: JsonObject; params?: JsonObject; path?: string; message?: RegExp }>;
  /** The gateway instance the operation resolves to (default: a stub that is always up). */
  gateway?: GatewayInstance;
  /** The type to write in the definition (default: the operation's type; use it for labelled forms). */
  as?: string;
}

/** Compile a one-operation definition exactly as ExecuteTest would. Throws the TesterError ExecuteTest would answer. */
export function compileOperation(op: OperationDefinition, args: JsonObject, opts: { params?: JsonObject; gateway?: GatewayInstance; as?: string } = {}) {
  const registry = new Registry();
  const family = op.type.includes('.') ? op.type.split('.')[0]! : '';
  const namespaces = [family, ...(op.aliases ?? []).map((a) => a.split('.')[0]!)];
  registry.addOperation(op, 'test', namespaces);
  if (op.gateway) {
    const gw: GatewayInstance = opts.gateway ?? { name: 'test', state: () => 'up' };
    registry.addGateway({ kind: op.gateway, labelled: op.labelled, instances: [gw] }, 'test');
  }
  const params = { run_id: 'operation-test', operations: [{ type: opts.as ?? op.type, arguments: args }], ...(opts.params ?? {}) } as JsonObject;
  return compileDefinition(params, registry, DEFINITION_LIMITS);
}

export function testOperation(op: OperationDefinition, table: OperationTestTable): void {
  describe(`${op.type} arguments`, () => {
    for (const [i, c] of (table.valid ?? []).entries()) {
      test(`valid: ${c.name ?? JSON.stringify(c.args).slice(0, 80) ?? i}`, () => {
        compileOperation(op, c.args, { params: c.params, gateway: table.gateway, as: table.as });
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

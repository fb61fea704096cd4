// sdk/define.ts and sdk/index.ts: the identity helpers and the public surface plugins rely on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sdk from '../../sdk/index.js';

test('definePlugin, defineOperation and defineGateway return their argument unchanged', () => {
  const p = { name: 'x', version: '1.0.0', setup() {} };
  assert.equal(sdk.definePlugin(p), p);
  const o = { type: 'x.local.Y', direction: 'local' as const, description: '', arguments: {}, execute() {} };
  assert.equal(sdk.defineOperation(o), o);
  const g = { kind: 'x', instances: [] };
  assert.equal(sdk.defineGateway(g), g);
});

test('the sdk exports the error helpers with the catalogue codes', () => {
  assert.equal(sdk.ErrorCode.CannotCreate, 2002);
  assert.equal(sdk.invalid('a.b', 'bad').code, 2002);
  assert.equal(sdk.cannotStart('busy').code, 2003);
  assert.ok(new sdk.TesterError(2004, 'x') instanceof Error);
  assert.equal(sdk.isInstanceAbort(new sdk.InstanceAbort('x')), true);
});

test('the sdk exports the pcap writer and the expression rule; the testing helpers are in sdk/testing only', async () => {
  for (const name of ['writePcap', 'PcapWriter', 'isExpression']) assert.equal(typeof (sdk as Record<string, unknown>)[name], 'function', name);
  for (const name of ['testOperation', 'compileOperation']) assert.equal((sdk as Record<string, unknown>)[name], undefined, `${name} must not be loaded with the sdk`);
  const testing = await import('../../sdk/testing/index.js');
  for (const name of ['testOperation', 'compileOperation']) assert.equal(typeof (testing as Record<string, unknown>)[name], 'function', name);
  assert.equal(sdk.isExpression('{ $n }'), true);
  assert.equal(sdk.isExpression(' { $n }'), false, 'no trimming: the first character must be {');
  assert.equal(sdk.isExpression('\\{ literal }'), false);
});

test('definePlugin infers the options of setup(), multiplied and the commands from a TypeBox optionsSchema', () => {
  const optionsSchema = sdk.Type.Object({ port: sdk.Type.Optional(sdk.Type.Integer({ default: 7 })), names: sdk.Type.Array(sdk.Type.String()) }, { additionalProperties: false });
  const seen: number[] = [];
  const p = sdk.definePlugin({
    name: 'typed',
    version: '1.0.0',
    optionsSchema,
    multiplied: (options) => options.names.length > 1,
    setup(_api, options) {
      const port: number | undefined = options.port;
      const names: string[] = options.names;
      // @ts-expect-error not an option of the schema
      void options.host;
      // @ts-expect-error names is a string array
      const wrong: number[] = options.names;
      void wrong;
      seen.push(port ?? 0, names.length);
    },
    commands: {
      show: { description: '', help: '', run: async (_args, options) => options.names.length },
    },
  });
  assert.equal(p.optionsSchema, optionsSchema, 'the TypeBox schema is the JSON schema the loader compiles');
  void p.setup({} as sdk.PluginApi, { port: 1, names: ['a'] });
  // @ts-expect-error the options are the schema's: names is required
  const missing = () => p.setup({} as sdk.PluginApi, { port: 1 });
  void missing;
  assert.deepEqual(seen, [1, 1]);
  assert.equal(typeof p.multiplied === 'function' && p.multiplied({ names: ['a', 'b'] }), true);
});

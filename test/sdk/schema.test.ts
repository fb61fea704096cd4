// sdk/schema.ts and defineOperation with TypeBox schemas: one declaration gives the JSON schema the core's ajv
// validates (unchanged, as plain JSON) and the static type of `args` (checked by tsc: the @ts-expect-error lines
// fail the type check if the inferred type were looser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defineOperation, Type, type OperationContext, type PrepareContext, type Static } from '../../sdk/index.js';
import { compileOperation, testOperation } from '../../sdk/testing/index.js';

interface Peer {
  peerName: string;
}

const Args = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, description: 'A name.' })),
  code: Type.Integer({ minimum: 0, maximum: 9 }),
  seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  either: Type.Optional(Type.Unsafe<number | string>({ type: ['integer', 'string'] })),
});

const send = defineOperation({
  type: 'fx.a_to_b.Send',
  direction: 'send',
  gateway: 'fx',
  description: 'typed by its schema',
  arguments: Args,
  prepare(args, ctx: PrepareContext<Peer>) {
    const n: string | undefined = args.name;
    const g: Peer = ctx.gateway();
    void [n, g];
  },
  execute(ctx: OperationContext<Peer>, args) {
    const c: number = args.code;
    // @ts-expect-error not a property of the schema
    void args.nope;
    // @ts-expect-error name is a string, not a number
    const wrong: number | undefined = args.name;
    void wrong;
    return { result: { c, peer: ctx.gateway().peerName } };
  },
});

const receive = defineOperation({
  type: 'fx.a_from_b.Receive',
  direction: 'receive',
  description: 'matched fields may be null or negated',
  arguments: Args,
  controlArguments: ['seconds'],
  execute(_ctx, args) {
    const a: string | null | undefined = args.name;
    const b: string | null | undefined = args['!name'];
    const s: number | undefined = args.seconds;
    // @ts-expect-error a control argument is never negated
    void args['!seconds'];
    void [a, b, s];
  },
});

test('a TypeBox schema is plain JSON schema: the TypeBox marks do not show', () => {
  assert.deepEqual(JSON.parse(JSON.stringify(send.arguments)), {
    type: 'object',
    required: ['code'],
    properties: {
      name: { type: 'string', minLength: 1, description: 'A name.' },
      code: { type: 'integer', minimum: 0, maximum: 9 },
      seconds: { type: 'number', exclusiveMinimum: 0 },
      either: { type: ['integer', 'string'] },
    },
  });
  assert.deepEqual(Object.keys(send.arguments), ['type', 'required', 'properties']);
  const typed: Static<typeof Args> = { code: 1 };
  assert.equal(typed.code, 1);
});

test('the core validates a TypeBox schema as it validates any: required, bounds, unknown keys, coercion', () => {
  compileOperation(send, { code: 3, name: 'x', seconds: 0.5, either: 'a' });
  compileOperation(send, { code: '3' } as never);
  assert.throws(() => compileOperation(send, { name: 'x' }), /arguments\.code.*required/);
  assert.throws(() => compileOperation(send, { code: 10 }), /arguments\.code/);
  assert.throws(() => compileOperation(send, { code: 1, other: 1 }), /arguments\.other.*not a known field/);
});

testOperation(receive, {
  valid: [{ args: { code: 1 } }, { args: { name: null, code: 1 } }, { args: { '!name': 'x', code: 1, seconds: 2 } }],
  invalid: [{ args: { code: 1, seconds: null }, path: 'seconds' }, { args: { code: 1, '!seconds': 2 }, path: 'arguments' }],
});

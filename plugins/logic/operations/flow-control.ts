// The flow controls: call, repeat, choose, parallel (docs/definitions.md "Flows"). Declared here for their argument
// schemas (DescribeOperations, `tester schema`, the web client's forms); the engine runs them (core/engine/flows.ts),
// so execute() is never reached.
import { defineOperation, Type } from '../../../sdk/index.js';

const args = Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "The flow's args (its local vars), evaluated in the caller's scope" }));
const save = Type.Optional(Type.Record(Type.String(), Type.String(), { description: "Caller var ← the flow's local, copied when the flow returns (parallel: '<leg>.<local>')" }));
const flow = Type.String({ minLength: 1, description: 'A flow of the definition (flows) or of an included library' });
const engineRuns = (): never => {
  throw new Error('a flow control is run by the engine');
};

const call = defineOperation({
  type: 'call',
  direction: 'local',
  description: "Run a flow with args as its local vars; its locals at its end are the result, `save` copies some into the caller's vars",
  arguments: Type.Object({ flow, args, save }),
  execute: engineRuns,
});

const repeat = defineOperation({
  type: 'repeat',
  direction: 'local',
  description: "Run a flow `count` times and/or while an expression (over the caller's vars, checked before each run) holds; its local `repeat_index` counts from 0",
  arguments: Type.Object({ flow, args, save, count: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })), while: Type.Optional(Type.String({ minLength: 1 })) }),
  rawArguments: ['while'],
  execute: engineRuns,
});

const choose = defineOperation({
  type: 'choose',
  direction: 'local',
  description: 'Run one flow picked at random by weight per instance, e.g. {"weights": {"answered": 80, "busy": 15, "no_answer": 5}}',
  arguments: Type.Object({ weights: Type.Record(Type.String(), Type.Number({ minimum: 0 }), { minProperties: 1 }), args, save }),
  execute: engineRuns,
});

const parallel = defineOperation({
  type: 'parallel',
  direction: 'local',
  description: 'Run two or more flows at once (legs), joining on all or the first to end; an abort in one leg cancels the others',
  arguments: Type.Object({
    legs: Type.Array(Type.Object({ flow, name: Type.Optional(Type.String({ pattern: '^[A-Za-z_][\\w-]*$' })), args }, { additionalProperties: false }), { minItems: 2, maxItems: 16 }),
    join: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('first')])),
    save,
  }),
  execute: engineRuns,
});

export default [call, repeat, choose, parallel];

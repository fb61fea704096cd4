// Argument schemas declared once: TypeBox builds the JSON schema (validated by the core's ajv, unchanged) and gives
// the static type of the value it describes. `Type.Object({ name: Type.String() })` is the schema;
// `Static<typeof S>` is `{ name: string }`, and defineOperation infers `args` from `arguments` by itself.
export { Type, type Static, type TSchema, type TObject } from 'typebox';

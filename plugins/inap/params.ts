// The ExecuteTest params this plugin owns, declared once: `ssp_ac` (tester-service.md) and the anchor's `inap` hints
// object, every key of which is in its schema (a misspelt key is 2002 naming it) and read through inapParams().
import { Type, type JsonObject, type ParamDefinition, type Static } from '../../sdk/index.js';
import { variantSchema } from './codec/variants.js';

export const sspAcParam: ParamDefinition = {
  schema: { type: 'string', minLength: 1 },
  description: 'Application Context put in an outbound InitialDP (opening the SSP dialogue): an alias (cs1, camel2, camel3, camel4, ...), a dotted OID or hex',
};

const enumOf = <T extends string>(values: readonly T[], description: string) => Type.Optional(Type.Unsafe<T>({ type: 'string', enum: values, description }));

const InapParamSchema = Type.Object(
  {
    activity_test: enumOf(['auto', 'answer', 'abort'], 'Inbound ActivityTest: auto (answered by the dialogue at once), answer (when the definition next waits), abort'),
    extensions: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Extension type (integer or dotted OID) -> ASN.1 type of its value, e.g. {"400": "OCTET STRING"}' })),
    variant: Type.Optional(variantSchema('Default codec variant of the run (before the plugin option default_variant)')),
    srf_ac: Type.Optional(Type.String({ minLength: 1, description: 'Application context of a dialogue the SRF role opens (alias, dotted OID or hex)' })),
    reset_timer: enumOf(['ignore', 'abort'], 'Inbound ResetTimer while another operation is awaited: skip it, or abort'),
    ignore_reset_timer: Type.Optional(Type.Unsafe<number | boolean | string>({ type: ['integer', 'boolean', 'string'], description: 'The anchor\'s form of reset_timer: 1 ignore, 0 abort' })),
  },
  { additionalProperties: false },
);

/** The run's `inap` param, as validated at ExecuteTest. */
export type InapParams = Static<typeof InapParamSchema>;

export const inapParam: ParamDefinition = {
  schema: { ...InapParamSchema },
  description: 'Anchor: INAP encode/decode hints of the run: extensions, variant, srf_ac, reset_timer / ignore_reset_timer, activity_test',
};

const NONE: InapParams = Object.freeze({});

/** The run's `inap` param (none: {}). */
export function inapParams(params: Readonly<JsonObject>): InapParams {
  return (params.inap as InapParams | undefined) ?? NONE;
}

// One OSD endpoint as plugins.json declares it (`instances[]` of the osd plugin): the schema the loader validates
// and, from the same declaration, the type OsdEndpoint reads.
import { httpClientSchemaProperties, Type, type Static } from '../../../sdk/index.js';

/** Keep-alive connections per endpoint unless `connections` says otherwise. */
export const OSD_CONNECTIONS = 8;
/** The operations' namespace when neither the options nor the WSDL give one. */
export const DEFAULT_NAMESPACE = 'http://www.oracle.com/ocncc/osd';

export const osdInstanceSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    url: Type.String({ pattern: '^https?://', description: '`http(s)://host:port/path` of the OSD SOAP interface' }),
    username: Type.Optional(Type.String()),
    password: Type.Optional(Type.String()),
    auth: Type.Optional(Type.Enum(['basic', 'wsse', 'none'], { description: 'How credentials are sent: HTTP Basic (default when a username is set), a WS-Security UsernameToken, or none' })),
    // `false` first, and without `type`: the service's ajv coerces types, and a string branch tried first (or a
    // boolean `type`) would turn false into "false" (or "false" into false)
    wsdl_url: Type.Optional(
      Type.Union([Type.Unsafe<false>({ const: false }), Type.String({ pattern: '^https?://' })], {
        description: "The interface's WSDL, read once to learn each operation's namespace, element form and SOAPAction. Default: `<url>?wsdl` when `namespace` is not configured; false: never read a WSDL",
      }),
    ),
    namespace: Type.Optional(Type.String({ minLength: 1, description: `Target namespace of the interface's operations (overrides the WSDL; default ${DEFAULT_NAMESPACE})` })),
    element_form: Type.Optional(Type.Enum(['qualified', 'unqualified'], { description: "Whether parameter elements are namespace-qualified (the WSDL schema's elementFormDefault; overrides it; default qualified)" })),
    action_base: Type.Optional(Type.String({ description: 'SOAPAction sent when an operation gives no `action`: this prefix + the operation name; default ""' })),
    ...httpClientSchemaProperties(OSD_CONNECTIONS),
  },
  { additionalProperties: false },
);

export type OsdInstanceOptions = Static<typeof osdInstanceSchema>;

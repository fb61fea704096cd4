// One database instance as plugins.json declares it (`instances[]` of the db plugin): the schema the loader
// validates and, from the same declaration, the type the gateways read. What a driver does without a field is its
// own: POSTGRES_DEFAULTS and SQLITE_DEFAULTS, which the descriptions quote.
import { RecordOf, Type, tlsSchema, type Static } from '../../../sdk/index.js';

export const POSTGRES_DEFAULTS = { host: 'localhost', port: 5432, pool_size: 4, timeout_ms: 30_000, connect_timeout_ms: 5_000, retry_max_ms: 30_000 } as const;
export const SQLITE_DEFAULTS = { timeout_ms: 5_000 } as const;

const QUERY_NAME = '^[A-Za-z][A-Za-z0-9_]*$';

const namedQuery = Type.Object(
  {
    sql: Type.String({ minLength: 1, description: 'SQL text, with `:name` or `?` parameters' }),
    description: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const dbInstanceSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    driver: Type.Enum(['sqlite', 'postgres']),
    file: Type.Optional(Type.String({ minLength: 1, description: "sqlite: database file (relative to the plugin's data directory), or ':memory:' (default: <name>.sqlite)" })),
    connection: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'postgres: connection URL (postgres://user:pass@host:port/db), or host, port, user, password, database' })),
    host: Type.Optional(Type.String({ description: `postgres: server host (default ${POSTGRES_DEFAULTS.host})` })),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, description: `postgres: server port (default ${POSTGRES_DEFAULTS.port})` })),
    user: Type.Optional(Type.String()),
    password: Type.Optional(Type.String()),
    database: Type.Optional(Type.String()),
    ssl: Type.Optional(
      Type.Union([Type.Boolean(), tlsSchema], {
        description: 'postgres: TLS to the server. true: verify the certificate against the system CAs; an object: the CA, a client certificate, and whether to verify (default true)',
      }),
    ),
    pool_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: `postgres: connections in the pool (default ${POSTGRES_DEFAULTS.pool_size})` })),
    timeout_ms: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: `Per-query timeout, ms (postgres: statement_timeout and the wait for a connection, default ${POSTGRES_DEFAULTS.timeout_ms}; sqlite: the statement's time limit and busy timeout, default ${SQLITE_DEFAULTS.timeout_ms})`,
      }),
    ),
    connect_timeout_ms: Type.Optional(Type.Integer({ minimum: 1, description: `postgres: connect timeout, ms (default ${POSTGRES_DEFAULTS.connect_timeout_ms})` })),
    retry_max_ms: Type.Optional(Type.Integer({ minimum: 100, description: `postgres: longest wait between reconnect attempts while the server is down, ms (default ${POSTGRES_DEFAULTS.retry_max_ms})` })),
    init_sql: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], { description: 'SQL run once when the instance comes up (CREATE TABLE IF NOT EXISTS ..., seed rows)' })),
    queries: Type.Optional(
      RecordOf(Type.Union([Type.String({ minLength: 1 }), namedQuery]), {
        propertyNames: { pattern: QUERY_NAME, not: { const: 'Query' } },
        description: "Named queries: db.<label>.<Name> runs this instance's SQL with the operation's arguments as parameters",
      }),
    ),
  },
  { additionalProperties: false },
);

export type DbInstanceOptions = Static<typeof dbInstanceSchema>;

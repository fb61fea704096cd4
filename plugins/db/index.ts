// The DB plugin: named database instances (embedded SQLite by default, PostgreSQL for real deployments) and the
// operations db.Query and db.<Name> (named queries), both also written db.<label>.<method>. docs/plugins/db.md.
import { checkLabelDefaults, definePlugin, namedInstancesSchema, tlsSchema, type JsonSchema, type NamedInstancesOptions } from '../../sdk/index.js';
import { PostgresDb } from './gateway/postgres.js';
import { SqliteDb } from './gateway/sqlite.js';
import type { DbInstance, DbInstanceOptions } from './gateway/types.js';
import Query from './operations/Query.js';
import { namedQueryOperation } from './operations/NamedQuery.js';

export type DbOptions = NamedInstancesOptions<DbInstanceOptions>;

/** With no instances configured: one embedded SQLite database, `local`, in the plugin's data directory. */
export const defaultInstance: DbInstanceOptions = { name: 'local', driver: 'sqlite', file: 'local.sqlite' };

const QUERY_NAME = '^[A-Za-z][A-Za-z0-9_]*$';

const instanceSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'driver'],
  properties: {
    name: { type: 'string', minLength: 1 },
    driver: { enum: ['sqlite', 'postgres'] },
    file: { type: 'string', minLength: 1 },
    connection: { type: 'string', pattern: '^postgres(ql)?://' },
    host: { type: 'string' },
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    user: { type: 'string' },
    password: { type: 'string' },
    database: { type: 'string' },
    ssl: { anyOf: [{ type: 'boolean' }, tlsSchema] },
    pool_size: { type: 'integer', minimum: 1, maximum: 1000 },
    timeout_ms: { type: 'integer', minimum: 1 },
    connect_timeout_ms: { type: 'integer', minimum: 1 },
    retry_max_ms: { type: 'integer', minimum: 100 },
    init_sql: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    queries: {
      type: 'object',
      propertyNames: { pattern: QUERY_NAME, not: { const: 'Query' } },
      additionalProperties: {
        anyOf: [
          { type: 'string', minLength: 1 },
          { type: 'object', additionalProperties: false, required: ['sql'], properties: { sql: { type: 'string', minLength: 1 }, description: { type: 'string' } } },
        ],
      },
    },
  },
};

// no `instances` default: none configured means the embedded `local` database
export const optionsSchema: JsonSchema = namedInstancesSchema(instanceSchema, { labelled: true, noDefault: true });

export default definePlugin<DbOptions>({
  name: 'db',
  version: '0.1.0',
  description: 'SQL operations (db.Query, named queries db.<Name>) on named SQLite and PostgreSQL instances',
  optionsSchema,
  setup(api, options) {
    const configured = options.instances && options.instances.length > 0 ? options.instances : [defaultInstance];
    const instances: DbInstance[] = configured.map((o) => (o.driver === 'postgres' ? new PostgresDb(o) : new SqliteDb(o, api.dataDir())));
    checkLabelDefaults('db', instances, options.label_defaults);
    for (const o of configured) {
      if (o.driver === 'postgres' && !o.connection && !o.host) throw new Error(`db instance ${o.name}: a postgres instance needs connection or host`);
      if (o.driver === 'sqlite' && (o.connection || o.host || o.ssl !== undefined)) throw new Error(`db instance ${o.name}: a sqlite instance takes file, not connection/host/ssl`);
    }
    api.gateway({
      kind: 'db',
      description: 'DB application instance',
      labelled: true,
      instances,
      ...(options.default !== undefined ? { defaultInstance: options.default } : {}),
      ...(options.label_defaults ? { labelDefaults: options.label_defaults } : {}),
    });
    api.operation(Query);
    const queryNames = new Set(instances.flatMap((i) => [...i.queries.keys()]));
    for (const name of [...queryNames].sort()) api.operation(namedQueryOperation(name));
    return { instances };
  },
});

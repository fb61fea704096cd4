// The DB plugin: named database instances (embedded SQLite by default, PostgreSQL for real deployments) and the
// operations db.Query and db.<Name> (named queries), both also written db.<label>.<method>. docs/plugins/db.md.
import { checkLabelDefaults, definePlugin, namedInstancesSchema, type Static } from '../../sdk/index.js';
import { dbInstanceSchema, type DbInstanceOptions } from './gateway/options.js';
import { PostgresDb } from './gateway/postgres.js';
import { SqliteDb } from './gateway/sqlite.js';
import type { DbInstance } from './gateway/types.js';
import Query from './operations/Query.js';
import { namedQueryOperation } from './operations/NamedQuery.js';

// no `instances` default: none configured means the embedded `local` database
export const optionsSchema = namedInstancesSchema(dbInstanceSchema, { labelled: true, noDefault: true });

export type DbOptions = Static<typeof optionsSchema>;

/** With no instances configured: one embedded SQLite database, `local`, in the plugin's data directory. */
export const defaultInstance: DbInstanceOptions = { name: 'local', driver: 'sqlite', file: 'local.sqlite' };

export default definePlugin({
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

// A toy "system under test" for the db / rest / osd examples: a balance service that keeps subscribers in the
// same SQLite file the tester's db plugin writes (.tester/db/demo.sqlite by default) and serves them over
//   REST  GET /api/subscribers/<msisdn>            → { msisdn, balance, currency } (404 when unknown)
//         PUT /api/subscribers/<msisdn> {balance}  → sets the balance
//   SOAP  POST /osd  (examples/osd/osd-demo.wsdl)  GetBalance, SetBalance; unknown subscriber → SOAP fault
// on 127.0.0.1. Usage: npx tsx examples/mixed/demo-sut.ts [--port 8080] [--db .tester/db/demo.sqlite]
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import soap from 'soap';

export const WSDL_PATH = fileURLToPath(new URL('../osd/osd-demo.wsdl', import.meta.url));

export const SCHEMA = `CREATE TABLE IF NOT EXISTS subscriber (
  msisdn   TEXT PRIMARY KEY,
  balance  INTEGER NOT NULL,
  currency TEXT NOT NULL DEFAULT 'NZD'
)`;

export interface DemoSut {
  port: number;
  close(): Promise<void>;
}

export async function startDemoSut(opts: { port?: number; dbFile: string }): Promise<DemoSut> {
  if (opts.dbFile !== ':memory:') mkdirSync(dirname(opts.dbFile), { recursive: true });
  const db = new Database(opts.dbFile);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const get = db.prepare('SELECT msisdn, balance, currency FROM subscriber WHERE msisdn = ?');
  const set = db.prepare('UPDATE subscriber SET balance = ? WHERE msisdn = ?');
  type Row = { msisdn: string; balance: number; currency: string };
  const fault = (m: string) => ({ Fault: { faultcode: 'soap:Client', faultstring: `No such subscriber: ${m}`, detail: { cause: 1 } } });

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (code: number, v: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      const m = /^\/api\/subscribers\/([^/?]+)$/.exec(req.url ?? '');
      if (!m) return json(404, { error: 'not found' });
      const msisdn = decodeURIComponent(m[1]!);
      const row = get.get(msisdn) as Row | undefined;
      if (!row) return json(404, { error: 'no such subscriber', msisdn });
      if (req.method === 'PUT') {
        const b = Number((JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { balance?: unknown }).balance);
        if (!Number.isInteger(b)) return json(400, { error: 'balance must be an integer' });
        set.run(b, msisdn);
        return json(200, { ...row, balance: b });
      }
      return json(200, row);
    });
  });
  const services = {
    OsdService: {
      OsdPort: {
        GetBalance(args: { msisdn: string }) {
          const row = get.get(String(args.msisdn)) as Row | undefined;
          if (!row) throw fault(String(args.msisdn));
          return row;
        },
        SetBalance(args: { msisdn: string; balance: string | number }) {
          const r = set.run(Number(args.balance), String(args.msisdn));
          if (r.changes === 0) throw fault(String(args.msisdn));
          return { result: 'OK' };
        },
      },
    },
  };
  await new Promise<void>((resolve) => server.listen(opts.port ?? 8080, '127.0.0.1', resolve));
  soap.listen(server, '/osd', services, readFileSync(WSDL_PATH, 'utf8'));
  return {
    port: (server.address() as { port: number }).port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string, def: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : def;
  };
  const sut = await startDemoSut({ port: Number(arg('--port', '8080')), dbFile: arg('--db', '.tester/db/demo.sqlite') });
  process.stderr.write(`demo SUT on 127.0.0.1:${sut.port} (REST /api/subscribers/<msisdn>, SOAP /osd); Ctrl-C stops it\n`);
  const stop = () => void sut.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

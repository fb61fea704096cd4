// The HTTP API's endpoints (docs/web.md "The HTTP API"): a table of method, path pattern and handler. Every path
// under /api/ and /rpc, /openrpc.json needs the token when the service has one, except /api/session (the client
// asks it first, to know whether to ask the user for the token); the static files are public.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceCore } from '../../core/service.js';
import type { KnownRun } from '../../core/api/index.js';
import { ErrorCode } from '../../core/errors.js';
import { serviceVersion } from '../../core/paths.js';
import { HttpError, readBody, readJsonObject, send, sendJson } from './respond.js';
import { answerRpc } from './rpc.js';
import { streamRunEvents } from './events.js';
import { attachmentName, DOWNLOADS, failurePcap, PCAP_TYPE } from './downloads.js';
import { libraryName, type Library } from './library.js';
import { dataFileName, type DataFiles } from './data-files.js';
import type { RunFeeds } from './run-feed.js';
import type { Template } from './templates.js';
import { answerImport } from './import.js';

/** What the handlers work with. */
export interface Api {
  core: ServiceCore;
  rpc: NonNullable<ServiceCore['rpc']>;
  token: string | undefined;
  maxBody: number;
  library: Library;
  dataFiles: DataFiles;
  feeds: RunFeeds;
  /** The event streams open now (closed when the service stops). */
  streams: Set<ServerResponse>;
  templates(): Promise<Template[]>;
}

interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  /** The pattern's groups, URL-decoded. */
  args: string[];
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: RegExp;
  /** Answered without the token. */
  public?: true;
  handle(api: Api, call: Call): Promise<void> | void;
}

function knownRun(api: Api, runId: string): KnownRun {
  const run = api.core.runs.find(runId);
  if (!run) throw new HttpError(404, `Test Run ID '${runId.slice(0, 256)}' not known`, ErrorCode.RunIdUnknown);
  return run;
}

const RUN = '/api/runs/([^/]+)';
const ENTRY = '/api/library/([^/]+)';
const DATA = '/api/data/([^/]+)';

const ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: /^\/api\/session$/,
    public: true,
    handle: (api, { res }) => sendJson(res, 200, { token_required: Boolean(api.token), version: serviceVersion, rpc: api.core.served.rpc ?? null }),
  },
  {
    method: 'POST',
    path: /^\/rpc$/,
    handle: async (api, { req, res }) => send(res, 200, 'application/json; charset=utf-8', await answerRpc(api.rpc, await readBody(req, api.maxBody))),
  },
  {
    method: 'GET',
    path: /^\/openrpc\.json$/,
    handle: async (api, { res }) => {
      // the dispatcher's own answer to rpc.discover, so that both are one document
      const answer = JSON.parse(await answerRpc(api.rpc, Buffer.from('{"jsonrpc":"2.0","method":"rpc.discover","id":1}'))) as { result: unknown };
      sendJson(res, 200, answer.result);
    },
  },
  { method: 'GET', path: new RegExp(`^${RUN}/events$`), handle: (api, { res, args }) => streamRunEvents(res, knownRun(api, args[0]!), api.feeds, api.streams) },
  {
    method: 'GET',
    path: new RegExp(`^${RUN}/(report\\.html|junit\\.xml|results\\.csv|record\\.json|first-call\\.pcap)$`),
    handle: async (api, { res, args }) => {
      const [runId, file] = args as [string, string];
      const d = DOWNLOADS[file]!;
      const body = d.render(await knownRun(api, runId).record());
      send(res, 200, d.type, body, { 'Content-Disposition': `attachment; filename="${attachmentName(runId, file)}"`, 'Cache-Control': 'no-store' });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^${RUN}/instance-(\\d{1,15})\\.pcap$`),
    handle: async (api, { res, args }) => {
      const [runId, n] = args as [string, string];
      const body = failurePcap(await knownRun(api, runId).record(), Number(n));
      send(res, 200, PCAP_TYPE, body, { 'Content-Disposition': `attachment; filename="${attachmentName(runId, `instance-${n}.pcap`)}"`, 'Cache-Control': 'no-store' });
    },
  },
  { method: 'GET', path: /^\/api\/library$/, handle: async (api, { res }) => sendJson(res, 200, await api.library.list()) },
  {
    method: 'GET',
    path: new RegExp(`^${ENTRY}$`),
    handle: async (api, { res, args }) => send(res, 200, 'application/json; charset=utf-8', await api.library.get(libraryName(args[0], 'name'))),
  },
  {
    method: 'PUT',
    path: new RegExp(`^${ENTRY}$`),
    handle: async (api, { req, res, args }) => {
      const name = libraryName(args[0], 'name');
      await api.library.put(name, await readJsonObject(req, api.maxBody, 'body (the definition)'));
      sendJson(res, 200, { name });
    },
  },
  {
    method: 'DELETE',
    path: new RegExp(`^${ENTRY}$`),
    handle: async (api, { res, args }) => {
      const name = libraryName(args[0], 'name');
      await api.library.delete(name);
      sendJson(res, 200, { name });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^${ENTRY}/rename$`),
    handle: async (api, { req, res, args }) => {
      const name = libraryName(args[0], 'name');
      const to = libraryName((await readJsonObject(req, api.maxBody, 'body ({ "to": "<name>" })')).to, 'to');
      await api.library.rename(name, to);
      sendJson(res, 200, { name: to });
    },
  },
  { method: 'GET', path: /^\/api\/data$/, handle: async (api, { res }) => sendJson(res, 200, await api.dataFiles.list()) },
  {
    method: 'PUT',
    path: new RegExp(`^${DATA}$`),
    handle: async (api, { req, res, args }) => {
      const name = dataFileName(args[0]);
      sendJson(res, 200, { name, bytes: await api.dataFiles.put(name, req) });
    },
  },
  {
    method: 'DELETE',
    path: new RegExp(`^${DATA}$`),
    handle: async (api, { res, args }) => {
      const name = dataFileName(args[0]);
      await api.dataFiles.delete(name);
      sendJson(res, 200, { name });
    },
  },
  { method: 'GET', path: /^\/api\/templates$/, handle: async (api, { res }) => sendJson(res, 200, await api.templates()) },
  { method: 'POST', path: /^\/api\/import$/, handle: (api, { req, res }) => answerImport(api.core, req, res) },
];

/** The route a request names, with its decoded groups; 405 when the path is known under another method; undefined when no route has the path. */
export function findRoute(method: string, pathname: string): { route: Route; args: string[] } | undefined {
  const matching = ROUTES.map((route) => ({ route, m: route.path.exec(pathname) })).filter((x) => x.m);
  if (!matching.length) return undefined;
  const hit = matching.find((x) => x.route.method === method);
  if (!hit) throw new HttpError(405, `${method} is not a method of ${pathname.slice(0, 200)}: ${matching.map((x) => x.route.method).join(', ')}`, undefined, { Allow: matching.map((x) => x.route.method).join(', ') });
  const args = hit.m!.slice(1).map((a) => {
    try {
      return decodeURIComponent(a);
    } catch {
      throw new HttpError(400, `the path ${pathname.slice(0, 200)} is not well URL-encoded`);
    }
  });
  return { route: hit.route, args };
}

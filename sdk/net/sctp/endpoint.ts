// Opening SCTP associations: connectSctp() (client: bind the local addresses, INIT to the peer's addresses, resolve
// at COMM_UP) and SctpServer (listen, hand over each accepted association). Either backend, chosen by the config.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { SctpAssociation } from './association.js';
import { selectBackend, type LoadedBackend, type NativeEvent, type SctpBackendName } from './native.js';
import { socketOptions, type SctpConfig } from './options.js';

interface SctpEndpointOptions {
  /** The SCTP options of the instance (backend, more addresses, streams, timers). */
  config?: SctpConfig;
  /** Defaults for what `config` leaves out (e.g. the streams a protocol wants). */
  defaults?: Partial<SctpConfig>;
}

export interface SctpConnectOptions extends SctpEndpointOptions {
  /** The peer's primary address and port: an IP literal, or a name standing for all its addresses (a multi-homed
   *  peer); config.remoteAddresses adds more. */
  host: string;
  port: number;
  /** Our address and port (config.localAddresses adds more; default: chosen by the stack). */
  localHost?: string;
  localPort?: number;
  /** Give up after this long (ms): the attempt is aborted. Default 5000. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

const label = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

function addressList(first: string | undefined, more: readonly string[] | undefined, what: string): string[] {
  const all = [...(first !== undefined ? [first] : []), ...(more ?? [])];
  for (const a of all) {
    if (!isIP(a)) throw new Error(`${what} '${a}' is not an IP address (SCTP needs addresses, not names)`);
  }
  return [...new Set(all)];
}

/** IPv6 socket when any address is IPv6 (it takes IPv4 addresses too), else IPv4. */
const familyOf = (...lists: string[][]): 4 | 6 => (lists.some((l) => l.some((a) => isIP(a) === 6)) ? 6 : 4);

/** Open one association; rejects with a readable Error (the backend, what failed, and why). */
export async function connectSctp(o: SctpConnectOptions): Promise<SctpAssociation> {
  const target = label(o.host, o.port);
  let peers: string[];
  try {
    peers = isIP(o.host) ? [o.host] : (await lookup(o.host, { all: true })).map((a) => a.address);
  } catch (e) {
    throw new Error(`cannot connect to ${target} over SCTP: cannot resolve ${o.host}: ${(e as Error).message}`);
  }
  let b: LoadedBackend;
  let id: number;
  try {
    b = selectBackend(o.config?.backend ?? 'auto');
    const remote = addressList(peers[0], [...peers.slice(1), ...(o.config?.remoteAddresses ?? [])], 'peer address');
    const local = addressList(o.localHost, o.config?.localAddresses, 'local address');
    id = b.native.socket(familyOf(remote, local), socketOptions(o.config, o.defaults));
    try {
      if (local.length || o.localPort) b.native.bind(id, local, o.localPort ?? 0);
      b.native.connect(id, remote, o.port);
    } catch (e) {
      b.native.close(id);
      throw e;
    }
  } catch (e) {
    throw new Error(`cannot connect to ${target} over SCTP: ${(e as Error).message}`);
  }
  const timeoutMs = o.timeoutMs ?? 5000;
  return new Promise<SctpAssociation>((resolve, reject) => {
    let settled = false;
    const finish = (err: string | undefined, assoc?: SctpAssociation) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      if (err !== undefined) {
        b.unregister(id);
        try {
          b.native.abort(id);
        } catch {
          /* gone */
        }
        reject(new Error(`cannot connect to ${target} over SCTP (${b.name}): ${err}`));
      } else resolve(assoc!);
    };
    const timer = setTimeout(() => finish(`no association within ${timeoutMs} ms (no answer to INIT)`), timeoutMs);
    const onAbort = () => finish('connect cancelled');
    o.signal?.addEventListener('abort', onAbort, { once: true });
    b.register(id, (e: NativeEvent) => {
      if (e.type === 'assoc' && e.state === 'comm-up') {
        b.unregister(id);
        finish(undefined, new SctpAssociation(b, id, { inStreams: e.inStreams ?? 1, outStreams: e.outStreams ?? 1 }));
      } else if (e.type === 'assoc' && (e.state === 'cant-start' || e.state === 'comm-lost')) {
        finish(e.info?.[0] === 6 ? 'the peer answered with ABORT (nothing listens there?)' : 'the association could not be started (INIT retransmissions exhausted)');
      } else if (e.type === 'error' || e.type === 'eof') {
        finish(e.type === 'error' ? `${e.message} (${e.code})` : 'the peer closed the association during set-up');
      }
    });
  });
}

export interface SctpListenOptions extends SctpEndpointOptions {
  /** Our address (config.localAddresses adds more) and port (0 = any free port). */
  host: string;
  port: number;
  backlog?: number;
}

/** A listening SCTP endpoint. */
export class SctpServer {
  private b: LoadedBackend | undefined;
  private id: number | undefined;
  private bound: { address: string; port: number } | undefined;

  constructor(private readonly o: SctpListenOptions) {}

  get backend(): SctpBackendName | undefined {
    return this.b?.name;
  }

  /** Bind and listen; rejects with a readable Error (backend missing, address in use, ...). */
  listen(onAssociation: (a: SctpAssociation) => void): Promise<void> {
    const where = label(this.o.host, this.o.port);
    try {
      const b = selectBackend(this.o.config?.backend ?? 'auto');
      const local = addressList(this.o.host, this.o.config?.localAddresses, 'local address');
      const id = b.native.socket(familyOf(local), { ...socketOptions(this.o.config, this.o.defaults), listener: true });
      try {
        b.native.bind(id, local.filter((a) => a !== '0.0.0.0' && a !== '::'), this.o.port);
        b.native.listen(id, this.o.backlog ?? 128);
      } catch (e) {
        b.native.close(id);
        throw e;
      }
      b.register(id, (e) => {
        if (e.type === 'accept' && e.child !== undefined) onAssociation(new SctpAssociation(b, e.child));
      });
      this.b = b;
      this.id = id;
      const first = b.native.localAddresses(id)[0];
      this.bound = { address: this.o.host, port: first?.port ?? this.o.port };
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(new Error(`cannot listen on ${where} over SCTP: ${(e as Error).message}`));
    }
  }

  /** The bound address and port once listening (port 0 resolved). */
  address(): { address: string; port: number } {
    return this.bound ?? { address: this.o.host, port: this.o.port };
  }

  /** Stop listening (associations already accepted stay up). */
  close(): Promise<void> {
    if (this.b && this.id !== undefined) {
      this.b.unregister(this.id);
      try {
        this.b.native.close(this.id);
      } catch {
        /* gone */
      }
    }
    this.b = undefined;
    this.id = undefined;
    return Promise.resolve();
  }
}

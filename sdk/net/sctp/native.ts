// The two SCTP backends as native addons (native/sctp, built at `npm ci` where their headers are installed):
// 'kernel' (Linux lksctp) and 'userland' (usrsctp over raw IP). Loaded lazily on first use, once per process; a
// backend that cannot run here yields a readable reason naming what to install or allow, never a crash.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SctpConfig } from './options.js';

export type SctpBackendName = 'kernel' | 'userland';

/** One event of the addon (see native/sctp/src/common.h). */
export interface NativeEvent {
  type: 'data' | 'messages' | 'accept' | 'assoc' | 'path' | 'shutdown' | 'remote-error' | 'send-failed' | 'writable' | 'eof' | 'error';
  id: number;
  data?: Buffer;
  stream?: number;
  ppid?: number;
  child?: number;
  state?: string;
  error?: number;
  inStreams?: number;
  outStreams?: number;
  info?: Buffer;
  address?: string;
  cause?: number;
  code?: string;
  message?: string;
}

interface NativeAddress {
  address: string;
  port: number;
}

interface NativePath {
  address: string;
  state: string;
  cwnd: number;
  srtt: number;
  rto: number;
  mtu: number;
}

export interface NativeStatus {
  state: string;
  inStreams: number;
  outStreams: number;
  rwnd: number;
  unacked: number;
  pending: number;
  fragmentationPoint: number;
  primary: NativePath;
  paths: Array<NativePath | undefined>;
}

/** Options applied to a socket before bind/connect (0 or absent: the stack's default): SctpConfig's, and more. */
export interface NativeSocketOptions
  extends Pick<SctpConfig, 'inStreams' | 'outStreams' | 'maxInitAttempts' | 'rtoInitialMs' | 'rtoMinMs' | 'rtoMaxMs' | 'heartbeatIntervalMs' | 'pathMaxRetrans' | 'assocMaxRetrans'> {
  maxInitTimeoutMs?: number;
  sendBuffer?: number;
  receiveBuffer?: number;
  /**
   * The socket will listen (userland: a one-to-many socket whose associations are peeled off, and the only kind its
   * listen() takes; the kernel ignores it).
   */
  listener?: boolean;
}

/** The functions both addons export (ids name sockets; errors are thrown with `code` = the errno name). */
interface NativeBackend {
  readonly backend: SctpBackendName;
  /** userland: why each path's packets may not carry that path's source address (absent: they do; srcaddr.c). */
  readonly sourceAddressProblem?: string;
  /** userland: returns why every SCTP packet of the host reaches its stack (undefined: only its own ports'). */
  init(onEvents: (events: NativeEvent[]) => void): string | undefined;
  socket(family: 4 | 6, options: NativeSocketOptions): number;
  bind(id: number, addresses: string[], port: number): void;
  listen(id: number, backlog: number): void;
  connect(id: number, addresses: string[], port: number): void;
  /**
   * true: taken by the stack; false: its send buffer is full (a 'writable' event follows). flags: 1 unordered,
   * 2 more messages follow at once (userland: held to be bundled with them; the kernel backend ignores it).
   */
  send(id: number, data: Uint8Array, stream: number, ppid: number, flags: number): boolean;
  shutdown(id: number): void;
  abort(id: number, reason?: Buffer): void;
  close(id: number): void;
  localAddresses(id: number): NativeAddress[];
  peerAddresses(id: number): NativeAddress[];
  status(id: number): NativeStatus;
  /** userland: the stack's counters (the SCTP packets it has read) and its raw socket's receive buffer. */
  stats?(): { receivedPackets: number; rawReceiveBuffer: number };
}

/** Receives the events of one socket id. */
type EventSink = (e: NativeEvent) => void;
/** Receives the messages of one socket id (without one event object each); absent: they come as 'data' events. */
type DataSink = (data: Buffer, stream: number, ppid: number) => void;
interface Sinks {
  event: EventSink;
  data: DataSink | undefined;
}

export interface LoadedBackend {
  name: SctpBackendName;
  native: NativeBackend;
  /** What works less well than documented here, for the log and ListTests (sourceAddressWarning). */
  warning?: string;
  /** userland: why its raw socket is not filtered by port (native/sctp/src/portfilter.h); absent: it is. */
  portFilterProblem?: string;
  /** Route events of `id` to `sink`, and its messages to `data` when given (until unregistered). */
  register(id: number, sink: EventSink, data?: DataSink): void;
  unregister(id: number): void;
}

/** Why a backend is not available, and what to do about it. */
export class SctpUnavailableError extends Error {
  constructor(
    readonly backend: SctpBackendName | 'auto',
    message: string,
  ) {
    super(message);
    this.name = 'SctpUnavailableError';
  }
}

const INSTALL: Record<SctpBackendName, string> = {
  kernel: 'apt-get install libsctp-dev g++ make python3, then npm run build:native',
  userland: 'apt-get install libusrsctp-dev g++ make python3, then npm run build:native',
};

const RUNTIME_HINT: Record<SctpBackendName, (code: string | undefined) => string> = {
  kernel: (code) =>
    code === 'EPROTONOSUPPORT' || code === 'ESOCKTNOSUPPORT' || code === 'EAFNOSUPPORT'
      ? 'load the kernel module (modprobe sctp; in a container the host loads it), or use backend "userland"'
      : 'check the kernel SCTP configuration, or use backend "userland"',
  userland: (code) =>
    code === 'EPERM' || code === 'EACCES'
      ? 'raw IP sockets need CAP_NET_RAW: run as root, grant it (setcap cap_net_raw+ep "$(command -v node)"), or add it to the container (--cap-add NET_RAW)'
      : 'check that raw IP sockets for protocol 132 can be opened here',
};

/** The project root: the first ancestor of this file that holds native/sctp (from the sources and from dist/). */
function nativeDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'native', 'sctp');
    if (existsSync(join(candidate, 'binding.gyp'))) return candidate;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** What the install-time build recorded (scripts/build-native.mjs): why a backend was not built. */
function buildNote(dir: string, backend: SctpBackendName): string | undefined {
  try {
    const status = JSON.parse(readFileSync(join(dir, 'build', 'status.json'), 'utf8')) as Record<string, { built: boolean; reason?: string }>;
    return status[backend]?.reason;
  } catch {
    return undefined;
  }
}

const loaded = new Map<SctpBackendName, LoadedBackend | SctpUnavailableError>();

/** Load and initialise a backend once; a second call returns the same backend (or the same error). */
export function loadBackend(name: SctpBackendName): LoadedBackend {
  const known = loaded.get(name);
  if (known instanceof Error) throw known;
  if (known) return known;
  let result: LoadedBackend | SctpUnavailableError;
  try {
    result = open(name);
  } catch (e) {
    result = e instanceof SctpUnavailableError ? e : new SctpUnavailableError(name, `SCTP ${name} backend: ${(e as Error).message}`);
  }
  loaded.set(name, result);
  if (result instanceof Error) throw result;
  return result;
}

function open(name: SctpBackendName): LoadedBackend {
  const dir = nativeDir();
  const file = dir && join(dir, 'build', 'Release', `sctp_${name}.node`);
  if (!dir || !file || !existsSync(file)) {
    const note = dir ? buildNote(dir, name) : undefined;
    throw new SctpUnavailableError(name, `SCTP ${name} backend is not built${note ? ` (${note})` : ''}: ${INSTALL[name]}`);
  }
  const native = createRequire(import.meta.url)(file) as NativeBackend;
  const sinks = new Map<number, Sinks>();
  let portFilterProblem: string | undefined;
  try {
    portFilterProblem = native.init((events) => {
      if (name === 'kernel') linuxAbortInfo(events);
      for (const e of events) {
        if (e.type === 'messages') {
          deliverPacked(e.data!, sinks);
          continue;
        }
        const sink = sinks.get(e.id);
        if (sink) guarded(sink.event, e);
      }
    });
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new SctpUnavailableError(name, `SCTP ${name} backend cannot run here: ${(e as Error).message}; ${RUNTIME_HINT[name](code)}`);
  }
  const warning = sourceAddressWarning(native.sourceAddressProblem);
  if (warning) process.emitWarning(`SCTP ${name} backend: ${warning}`);
  return {
    name,
    native,
    ...(warning ? { warning } : {}),
    ...(portFilterProblem ? { portFilterProblem } : {}),
    register: (id, event, data) => void sinks.set(id, { event, data }),
    unregister: (id) => void sinks.delete(id),
  };
}

/** Call a sink: an event handler's bug must not become an exception inside the addon's callback. */
function guarded(sink: EventSink, e: NativeEvent): void {
  try {
    sink(e);
  } catch (err) {
    process.emitWarning(`SCTP event handler failed: ${(err as Error).stack ?? err}`);
  }
}

/** Bytes before each packed message: id (u32), stream (u16), flags (u16), PPID (u32), length (u32), little-endian. */
const PACKED_HEADER = 16;

/**
 * A 'messages' event of the userland addon: the data messages of one batch in one buffer (native/sctp/src/common.h,
 * event_data), each handed on as a view of it.
 */
function deliverPacked(buf: Buffer, sinks: Map<number, Sinks>): void {
  for (let p = 0; p + PACKED_HEADER <= buf.length; ) {
    const id = buf.readUInt32LE(p);
    const stream = buf.readUInt16LE(p + 4);
    const ppid = buf.readUInt32LE(p + 8);
    const len = buf.readUInt32LE(p + 12);
    const data = buf.subarray(p + PACKED_HEADER, p + PACKED_HEADER + len);
    p += PACKED_HEADER + ((len + 3) & ~3);
    const sink = sinks.get(id);
    if (!sink) continue;
    if (!sink.data) {
      guarded(sink.event, { type: 'data', id, data, stream, ppid });
      continue;
    }
    try {
      sink.data(data, stream, ppid);
    } catch (err) {
      process.emitWarning(`SCTP message handler failed: ${(err as Error).stack ?? err}`);
    }
  }
}

/**
 * The userland addon corrects the IPv4 source address usrsctp writes into each packet (native/sctp/src/srcaddr.c);
 * where it could not install that correction, say so (once in the process's warnings, and in every note).
 */
export function sourceAddressWarning(problem: string | undefined): string | undefined {
  if (!problem) return undefined;
  return `multi-homed associations may send a path's packets with another path's source address, and a peer with strict reverse-path filtering (rp_filter=1) then drops that path: usrsctp's source addresses cannot be corrected here (${problem})`;
}

/**
 * Linux gives a COMM_LOST / CANT_STR_ASSOC caused by the peer's ABORT the chunk's error causes without its header
 * (usrsctp, like RFC 6458 §6.1.1, the whole chunk), and nothing at all when the ABORT had no cause (as the kernel's
 * own answer to an INIT for a port nobody listens on): then the socket's error read right after it in the same batch
 * says ECONNRESET / ECONNREFUSED (a retransmission limit says ETIMEDOUT). Rewrite both into the whole chunk, so that
 * the association and the endpoint read one format.
 */
function linuxAbortInfo(events: NativeEvent[]): void {
  events.forEach((e, i) => {
    if (e.type !== 'assoc' || (e.state !== 'comm-lost' && e.state !== 'cant-start')) return;
    if (e.info?.length) {
      if (e.info[0] === 6) return;
      const len = 4 + e.info.length;
      e.info = Buffer.concat([Buffer.from([6, 0, len >> 8, len & 255]), e.info]);
      return;
    }
    const next = events.slice(i + 1).find((n) => n.id === e.id && n.type === 'error');
    if (next?.code === 'ECONNRESET' || next?.code === 'ECONNREFUSED') e.info = Buffer.from([6, 0, 0, 4]);
  });
}

export type SctpBackendChoice = SctpBackendName | 'auto';

/** The backend to use: the named one, or for 'auto' the kernel's when it works here, else the userland one. */
export function selectBackend(choice: SctpBackendChoice): LoadedBackend {
  return chooseBackend(choice).backend;
}

/**
 * Whether associations of this backend choice may live on several JavaScript threads of one process: the kernel
 * addon keeps a state per thread (its sockets are polled on their thread's loop); usrsctp is one stack per process,
 * owned by the first thread. 'auto' asks which backend it picks here; a choice that picks none is false.
 */
export function backendPerThread(choice: SctpBackendChoice): boolean {
  if (choice === 'userland') return false;
  if (choice === 'kernel') return true;
  try {
    return chooseBackend('auto').backend.name === 'kernel';
  } catch {
    return false;
  }
}

/**
 * Whether this host's kernel has SCTP loaded (its /proc/net/sctp exists, in every network namespace): then the
 * kernel answers any SCTP packet for a port it does not know with an ABORT, the userland stack's among them.
 */
export function kernelSctpLoaded(): boolean {
  return existsSync('/proc/net/sctp');
}

/**
 * selectBackend, with a line for the log saying which backend and, for 'auto', why. `auto` takes the kernel's backend
 * where it works; the userland one only where the kernel has no SCTP: beside a loaded kernel module the userland
 * stack's associations would be torn down by the kernel's ABORTs, so auto refuses it and says what to do.
 */
export function chooseBackend(choice: SctpBackendChoice, kernelLoaded: () => boolean = kernelSctpLoaded): { backend: LoadedBackend; note: string } {
  const { backend, note } = pickBackend(choice, kernelLoaded);
  return { backend, note: backend.warning ? `${note}; ${backend.warning}` : note };
}

function pickBackend(choice: SctpBackendChoice, kernelLoaded: () => boolean): { backend: LoadedBackend; note: string } {
  if (choice !== 'auto') return { backend: loadBackend(choice), note: `SCTP backend ${choice} (configured)` };
  let kernelFailed: string;
  try {
    return { backend: loadBackend('kernel'), note: 'SCTP backend kernel (auto)' };
  } catch (e) {
    kernelFailed = (e as Error).message;
  }
  if (kernelLoaded()) {
    throw new SctpUnavailableError(
      'auto',
      `the kernel has SCTP loaded (/proc/net/sctp), so the userland backend would have its packets answered with ABORT by the kernel, and the kernel backend is not usable: ${kernelFailed}. Build the kernel backend (apt-get install libsctp-dev; npm run build:native), or unload the kernel's sctp module and set backend "userland"`,
    );
  }
  try {
    return { backend: loadBackend('userland'), note: `SCTP backend userland (auto; ${kernelFailed}; the kernel has no SCTP loaded)` };
  } catch (e) {
    throw new SctpUnavailableError('auto', `no SCTP backend is available: ${kernelFailed}; ${(e as Error).message}`);
  }
}

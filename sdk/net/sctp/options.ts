// The SCTP options of a gateway instance in plugins.json (`sctp: { ... }` of a sigtran or diameter instance): the
// JSON schema, the type, and their translation into socket options. Shared by plugins through the sdk.
import { isIP } from 'node:net';
import { Type, type Static } from '../../schema.js';
import type { NativeSocketOptions } from './native.js';

/** At most this many addresses on either side (bounds the INIT and the bind). */
const MAX_SCTP_ADDRESSES = 8;

const int = (minimum: number, maximum: number, description: string) => Type.Optional(Type.Integer({ minimum, maximum, description }));
const addresses = (description: string) =>
  Type.Optional(Type.Array(Type.String({ minLength: 2, maxLength: 45 }), { maxItems: MAX_SCTP_ADDRESSES - 1, uniqueItems: true, description }));

/** The `sctp` object of a gateway instance. */
export const sctpSchema = Type.Object(
  {
    backend: Type.Optional(
      Type.Enum(['auto', 'kernel', 'userland'], {
        type: 'string',
        default: 'auto',
        description: 'SCTP implementation: the kernel (lksctp), the userland stack (usrsctp over raw IP), or auto (kernel when available)',
      }),
    ),
    localAddresses: addresses('More local IP addresses to bind (multi-homing)'),
    remoteAddresses: addresses('More IP addresses of the peer (multi-homed peer)'),
    outStreams: int(1, 65535, 'Outbound streams asked for in INIT'),
    inStreams: int(1, 65535, 'Inbound streams accepted'),
    maxInitAttempts: int(1, 255, 'INIT retransmissions before the attempt fails'),
    rtoInitialMs: int(10, 600000, 'RTO.Initial, ms (RFC 4960 retransmission timeout bounds)'),
    rtoMinMs: int(10, 600000, 'RTO.Min, ms'),
    rtoMaxMs: int(10, 600000, 'RTO.Max, ms'),
    heartbeatIntervalMs: int(0, 3600000, 'HEARTBEAT interval per path, ms (0 = off)'),
    pathMaxRetrans: int(1, 255, 'Path.Max.Retrans: missed acknowledgements before a path (address) is marked unreachable'),
    assocMaxRetrans: int(1, 255, 'Association.Max.Retrans: before the association is declared lost (COMM_LOST)'),
  },
  { additionalProperties: false },
);

export type SctpConfig = Static<typeof sctpSchema>;

/** Check the address lists and the RTO order; throws an Error naming the bad value (`where`: the object's path, e.g. `x.sctp`). */
export function checkSctpConfig(c: SctpConfig | undefined, where: string): void {
  if (!c) return;
  for (const key of ['localAddresses', 'remoteAddresses'] as const) {
    (c[key] ?? []).forEach((a, i) => {
      if (!isIP(a)) throw new Error(`${where}.${key}[${i}]: '${a}' is not an IPv4 or IPv6 address (SCTP binds and connects to addresses, not names)`);
    });
  }
  const { rtoMinMs: min, rtoInitialMs: initial, rtoMaxMs: max } = c;
  if (min !== undefined && max !== undefined && min > max) throw new Error(`${where}: rtoMinMs ${min} is above rtoMaxMs ${max}`);
  if (initial !== undefined && max !== undefined && initial > max) throw new Error(`${where}: rtoInitialMs ${initial} is above rtoMaxMs ${max}`);
  if (initial !== undefined && min !== undefined && initial < min) throw new Error(`${where}: rtoInitialMs ${initial} is below rtoMinMs ${min}`);
}

/** Socket options from the config, with `defaults` for what the config leaves out. */
export function socketOptions(c: SctpConfig | undefined, defaults: Partial<SctpConfig> = {}): NativeSocketOptions {
  const v = { ...defaults, ...c };
  const o: NativeSocketOptions = {
    // room for large Diameter answers and bursts of M3UA DATA without a round trip through the JS queue
    sendBuffer: 4 << 20,
    receiveBuffer: 4 << 20,
  };
  for (const k of ['inStreams', 'outStreams', 'maxInitAttempts', 'rtoInitialMs', 'rtoMinMs', 'rtoMaxMs', 'heartbeatIntervalMs', 'pathMaxRetrans', 'assocMaxRetrans'] as const) {
    if (v[k] !== undefined) o[k] = v[k];
  }
  return o;
}

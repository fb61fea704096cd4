// The sigtran plugin: named M3UA/SCCP/TCAP gateway instances (kind 'sigtran') for the inap and map plugins.
// It registers no operations of its own; protocol plugins use its dialogue API (api.ts) through ctx.gateway()
// and api.use('sigtran').
import { definePlugin, sctpBackendPerThread } from '../../sdk/index.js';
import type { SigtranPluginExports } from './api.js';
import { AC_ALIASES, acName, resolveAc } from './ac.js';
import { normalizeInstance, optionsSchema, type SigtranOptions } from './gateway/config.js';
import { SigtranGatewayImpl, calledFromScp } from './gateway/instance.js';
import { statusCommand } from './status-command.js';
import { scpParam } from './params.js';

export default definePlugin<SigtranOptions, SigtranPluginExports>({
  name: 'sigtran',
  version: '0.1.0',
  description: 'SIGTRAN gateway: M3UA (RFC 4666) over TCP or SCTP, SCCP connectionless, ITU TCAP dialogues and the kit of the TCAP-user plugins',
  exports: ['api.ts', 'ber/index.ts', 'codec/index.ts', 'user/index.ts', 'gateway/standalone.ts', 'gateway/simulator.ts', 'capture.ts'],
  optionsSchema,
  // with `tester serve --workers N` every worker opens its own association as a client (an ASP of the same AS, in
  // loadshare): over TCP, and over SCTP on the kernel backend (its addon keeps a state per thread); a listening
  // instance (the SGP side) cannot be multiplied, nor an SCTP client on usrsctp, one stack per process
  // (docs/workers.md "SCTP and workers"): then its runs stay on the main thread
  multiplied: (options) =>
    (options.instances ?? []).every((r) => r.transport === undefined || r.transport === 'tcp-client' || (r.transport === 'sctp-client' && sctpBackendPerThread(r.sctp?.backend ?? 'auto'))),
  setup(api, options) {
    const raw = options.instances ?? [];
    const names = new Set<string>();
    const instances = raw.map((r) => {
      if (names.has(r.name)) throw new Error(`sigtran: instance name '${r.name}' is used twice`);
      names.add(r.name);
      const cfg = forWorker(normalizeInstance(r), api.worker.index);
      return new SigtranGatewayImpl(cfg, (level, text) => api.log(level, `${cfg.name}: ${text}`));
    });
    if (options.default !== undefined && !names.has(options.default)) {
      throw new Error(`sigtran: default instance '${options.default}' is not among the instances (${[...names].join(', ') || 'none'})`);
    }
    api.gateway({ kind: 'sigtran', description: 'SIGTRAN application instance used for TCAP delivery', instances, defaultInstance: options.default });
    api.param('scp', scpParam);
    const byName = new Map(instances.map((g) => [g.name, g] as const));
    const defaultGateway = options.default ?? instances[0]?.name;
    return {
      gateways: byName,
      defaultGateway,
      gateway: (name?: string) => byName.get(name ?? defaultGateway ?? ''),
      resolveAc,
      acName,
      acAliases: AC_ALIASES,
      calledAddressFromScp: calledFromScp,
    };
  },
  commands: {
    'sigtran-status': statusCommand,
  },
});

/**
 * Worker k > 0 of `tester serve --workers N` (docs/workers.md): its own ASP of the same AS, so a configured ASP
 * Identifier becomes aspId + k and a pcap file gets `-w<k>` before its extension; worker 0 keeps the config as it is.
 */
function forWorker<C extends { aspId?: number; pcap?: string }>(cfg: C, index: number): C {
  if (index === 0) return cfg;
  const out = { ...cfg };
  if (out.aspId !== undefined) out.aspId = out.aspId + index;
  if (out.pcap) out.pcap = out.pcap.replace(/(\.[^./]*)?$/, (ext) => `-w${index}${ext}`);
  return out;
}

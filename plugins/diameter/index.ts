// The Diameter plugin: own codec and dictionaries (RFC 6733 base, RFC 4006 credit-control, 3GPP Ro/Gy TS 32.299,
// Sh TS 29.329, plus a site dictionary from plugins.json), named peers (TCP client or server with CER/CEA,
// DWR/DWA, DPR/DPA, reconnection), and the operations diameter.to_server.Request (alias diameter.Request),
// diameter.from_server.Register and diameter.from_server.Request. docs/plugins/diameter.md.
import { definePlugin } from '../../sdk/index.js';
import { loadDictionary } from './dictionary/load.js';
import { peerConfig } from './peer/config.js';
import { newSessionId } from './peer/ids.js';
import { DiameterPeer } from './peer/peer.js';
import Request from './operations/to_server/Request.js';
import Register from './operations/from_server/Register.js';
import InboundRequest from './operations/from_server/Request.js';
import { ocsSimCommand } from './ocs-sim/command.js';
import { optionsSchema } from './options.js';

export default definePlugin({
  name: 'diameter',
  version: '0.1.0',
  description: 'Diameter (RFC 6733) client and server peers with credit-control (RFC 4006), Ro/Gy (TS 32.299) and Sh (TS 29.329) dictionaries',
  optionsSchema,
  // the capture importer's view of Diameter (plugins/capture)
  exports: ['import.ts'],
  commands: { 'diameter-ocs': ocsSimCommand },
  setup(api, options) {
    const dict = loadDictionary(options);
    const names = new Set<string>();
    const peers = (options.instances ?? []).map((raw, i) => {
      const cfg = peerConfig(raw);
      if (names.has(cfg.name)) throw new Error(`instances[${i}]: duplicate instance name '${cfg.name}'`);
      names.add(cfg.name);
      for (const ip of cfg.host_ip_addresses ?? []) {
        if (!/^[\d.]+$|:/.test(ip)) throw new Error(`instances[${i}] (${cfg.name}): host_ip_addresses: '${ip}' is not an IP address`);
      }
      return new DiameterPeer(cfg, dict, (level, text) => api.log(level, text));
    });
    if (options.default !== undefined && !names.has(options.default)) {
      throw new Error(`default: no diameter instance is named '${options.default}' (instances: ${[...names].join(', ') || 'none'})`);
    }
    api.gateway({ kind: 'diameter', description: 'Diameter application instance used for Diameter requests', instances: peers, ...(peers.length ? { defaultInstance: options.default ?? peers[0]!.name } : {}) });
    api.operation(Request);
    api.operation(Register);
    api.operation(InboundRequest);
    const defaultPeer = peers.find((p) => p.name === options.default) ?? peers[0];
    api.expressionFunction('diameter_session_id', (originHost?: unknown) =>
      newSessionId(typeof originHost === 'string' && originHost ? originHost : defaultPeer?.config.origin_host ?? 'tester'));
    return { dictionary: dict, peers };
  },
});

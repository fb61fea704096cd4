// `tester diameter-ocs`: the reference OCS (ocs-sim/engine.ts) as a command, for demos, manual tests and the
// benchmark.
import { addressText, defineCommand, parseDelay, runSimulator, simulatorOptions, simulatorSctp } from '../../../sdk/index.js';
import { loadDictionary } from '../dictionary/load.js';
import type { DiameterOptions } from '../options.js';
import { parseOcsMix, startOcsSim } from './engine.js';

/** A JSON option's value, parsed by `parse` (which names the option's field on a mistake). */
const json = <T>(name: string, parse: (v: unknown) => T) => (text: string): T => {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new Error(`--${name}: not JSON: ${(e as Error).message}`);
  }
  return parse(v);
};
const mixOption = json('mix', parseOcsMix);
const delayOption = json('delay-ms', (v) => parseDelay(v, 'delay-ms'));

export const ocsSimCommand = defineCommand({
  description: 'Run the reference OCS (answers Credit-Control and Sh requests) over Diameter/TCP or SCTP',
  help: `A reference OCS/HSS over Diameter/TCP or Diameter/SCTP. By default it listens on 127.0.0.1:3868 (the service's
client-mode diameter instance connects to it; --connect: to a server-mode instance, sending CER) and answers every
Credit-Control-Request with 2001 and granted units (per Multiple-Services-Credit-Control, echoing Rating-Group), a
CCR missing CC-Request-Type, CC-Request-Number, Service-Context-Id or Auth-Application-Id with 5005 and a
Failed-AVP, a User-Data-Request with empty User-Data, and other requests with 3001. The diameter entry's site
dictionary of plugins.json applies.`,
  helpAfter: `Prints "diameter-ocs listening on HOST:PORT" (or "connecting to ...") on stdout when ready; on SIGINT/SIGTERM
it sends DPR, prints the final statistics as one JSON line and exits 0. SCTP (PPID 46): docs/plugins/diameter.md "SCTP".`,
  options: {
    ...simulatorOptions({ listen: '127.0.0.1:3868' }),
    originHost: { value: 'NAME', description: 'our Origin-Host', default: 'ocs.localdomain' },
    originRealm: { value: 'NAME', description: 'our Origin-Realm', default: 'localdomain' },
    resultCode: { value: 'N', description: 'Result-Code of every CCA', type: 'integer', min: 0, default: 2001 },
    grantTime: { value: 'SECS', description: 'CC-Time granted (default: as requested, else 60)', type: 'number', min: 0 },
    grantOctets: { value: 'N', description: 'CC-Total-Octets granted (default: as requested, else 1000000)', type: 'number', min: 0 },
    rarAfter: { value: 'MS', description: 'send a Re-Auth-Request MS ms after each CCR-Initial', type: 'number', min: 0 },
    mix: {
      value: 'JSON',
      description: 'answer CCRs with a weighted mix instead of --result-code, e.g. \'[{"weight":95,"result_code":2001},{"weight":4,"result_code":4012},{"weight":1,"silence":true}]\' (silence: no answer)',
      parse: mixOption,
    },
    delayMs: {
      value: 'MS|JSON',
      description: 'delay every CCA: a number of ms or a distribution in ms, e.g. \'{"lognormal":{"median":20,"sigma":0.5},"max":500}\'',
      parse: delayOption,
    },
  },
  run(o, diameter: DiameterOptions) {
    const where = o.connect ?? o.listen;
    return runSimulator(
      {
        name: 'diameter-ocs',
        prepare: () => loadDictionary(diameter ?? {}),
        async start(dictionary, log) {
          const sim = await startOcsSim({
            mode: o.connect ? 'client' : 'server', ...where, transport: o.transport, sctp: simulatorSctp(o),
            origin_host: o.originHost, origin_realm: o.originRealm, result_code: o.resultCode, grant_time: o.grantTime,
            grant_octets: o.grantOctets, rar_after_ms: o.rarAfter, timeout_ms: o.timeoutMs, dictionary,
            mix: o.mix, delay: o.delayMs, seed: o.seed,
            log: (level, text) => level !== 'debug' && log(`${new Date().toISOString()} ${level} ${text}`),
          });
          return {
            where: o.connect ? `connecting to ${addressText(o.connect)}` : `listening on ${where.host}:${sim.peer.config.port}`,
            stats: () => sim.stats,
            statusLine: () => JSON.stringify({ state: sim.peer.currentPhase, ...sim.stats }),
            stop: () => sim.stop(),
          };
        },
        summary: (stats) => stats,
      },
      o,
    );
  },
});

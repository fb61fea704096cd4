// `tester diameter-ocs`: the reference OCS (ocs-sim/engine.ts) as a command, for demos, manual tests and the
// benchmark.
import type { CliCommand } from '../../../sdk/index.js';
import type { DiameterOptions } from '../index.js';
import { loadDictionary } from '../dictionary/load.js';
import { startOcsSim, type OcsSimOptions } from './engine.js';

const HELP = `Usage: tester diameter-ocs [options]

A reference OCS/HSS over Diameter/TCP or Diameter/SCTP. By default it listens on 127.0.0.1:3868 (the service's client-mode
diameter instance connects to it) and answers every Credit-Control-Request with 2001 and granted units
(per Multiple-Services-Credit-Control, echoing Rating-Group), a CCR missing CC-Request-Type, CC-Request-Number,
Service-Context-Id or Auth-Application-Id with 5005 and a Failed-AVP, a User-Data-Request with empty User-Data,
and other requests with 3001.

Options:
  --listen HOST:PORT     listen (default 127.0.0.1:3868; port 0 = any free port)
  --connect HOST:PORT    connect to HOST:PORT instead (to a server-mode diameter instance) and send CER
  --transport T          tcp (default) or sctp (PPID 46; docs/plugins/diameter.md "SCTP")
  --sctp-backend B       with --transport sctp: auto (default: kernel if available), kernel or userland
  --origin-host NAME     our Origin-Host (default ocs.localdomain)
  --origin-realm NAME    our Origin-Realm (default localdomain)
  --result-code N        Result-Code of every CCA (default 2001)
  --grant-time SECS      CC-Time granted (default: as requested, else 60)
  --grant-octets N       CC-Total-Octets granted (default: as requested, else 1000000)
  --rar-after MS         send a Re-Auth-Request MS ms after each CCR-Initial
  --stats SECS           print a statistics line to stderr every SECS seconds
  --config FILE          plugins.json the CLI reads (the diameter entry's site dictionary applies)
Prints "diameter-ocs listening on HOST:PORT" (or "connecting to ...") on stdout when ready; on SIGINT/SIGTERM
it sends DPR, prints the final statistics as one JSON line and exits 0.`;

function hostPort(v: string): { host: string; port: number } {
  const m = /^(.*):(\d+)$/.exec(v);
  if (!m) throw new Error(`expected HOST:PORT, got '${v}'`);
  return { host: m[1] || '127.0.0.1', port: Number(m[2]) };
}

export const ocsSimCommand: CliCommand<DiameterOptions> = {
  description: 'Run the reference OCS (answers Credit-Control and Sh requests) over Diameter/TCP or SCTP',
  help: HELP,
  async run(args, options) {
    const o: OcsSimOptions = { mode: 'server', host: '127.0.0.1', port: 3868 };
    let statsSecs = 0;
    try {
      for (let i = 0; i < args.length; i++) {
        const a = args[i]!;
        const val = (): string => {
          const v = args[++i];
          if (v === undefined) throw new Error(`${a} needs a value`);
          return v;
        };
        const num = (): number => {
          const v = Number(val());
          if (!Number.isFinite(v) || v < 0) throw new Error(`${a} needs a non-negative number`);
          return v;
        };
        if (a === '--listen') Object.assign(o, { mode: 'server' }, hostPort(val()));
        else if (a === '--connect') Object.assign(o, { mode: 'client' }, hostPort(val()));
        else if (a === '--transport') {
          const t = val();
          if (t !== 'tcp' && t !== 'sctp') throw new Error(`--transport is tcp or sctp, not '${t}'`);
          o.transport = t;
        } else if (a === '--sctp-backend') {
          const b = val();
          if (b !== 'auto' && b !== 'kernel' && b !== 'userland') throw new Error(`--sctp-backend is auto, kernel or userland, not '${b}'`);
          o.sctp = { backend: b };
        } else if (a === '--origin-host') o.origin_host = val();
        else if (a === '--origin-realm') o.origin_realm = val();
        else if (a === '--result-code') o.result_code = num();
        else if (a === '--grant-time') o.grant_time = num();
        else if (a === '--grant-octets') o.grant_octets = num();
        else if (a === '--rar-after') o.rar_after_ms = num();
        else if (a === '--stats') statsSecs = num();
        else if (a === '--config') val(); // read by the CLI itself
        else throw new Error(`unknown option ${a} (see tester diameter-ocs --help)`);
      }
      o.dictionary = loadDictionary(options ?? {});
    } catch (e) {
      process.stderr.write(`diameter-ocs: ${(e as Error).message}\n`);
      return 2;
    }
    o.log = (level, text) => {
      if (level !== 'debug') process.stderr.write(`${new Date().toISOString()} ${level} ${text}\n`);
    };
    let sim;
    try {
      sim = await startOcsSim(o);
    } catch (e) {
      process.stderr.write(`diameter-ocs: ${(e as Error).message}\n`);
      return 2;
    }
    process.stdout.write(o.mode === 'server'
      ? `diameter-ocs listening on ${o.host}:${sim.peer.config.port}\n`
      : `diameter-ocs connecting to ${o.host}:${o.port}\n`);
    const timer = statsSecs > 0 ? setInterval(() => process.stderr.write(`${JSON.stringify({ state: sim.peer.currentPhase, ...sim.stats })}\n`), statsSecs * 1000) : undefined;
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    if (timer) clearInterval(timer);
    await sim.stop();
    process.stdout.write(`${JSON.stringify(sim.stats)}\n`);
    return 0;
  },
};

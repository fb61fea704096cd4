// `tester scp-sim`: the reference SCP, on the same M3UA/SCCP/TCAP stack as the service (the sigtran plugin's
// gateway), answering InitialDPs (and AssistRequestInstructions) as a small script says. The demo and the
// benchmark use it as the peer; tests use startScpSim() in-process.
import { defineCommand, loadScript, simulatorOptions, workersOption } from '../../../sdk/index.js';
import { runSigtranSimulator, sigtranOptions } from '../../sigtran/gateway/simulator.js';
import { configure, type InapOptions } from '../options.js';
import { startScpSim } from './engine.js';
import { DEFAULT_SCRIPT, parseScript, type Script } from './script.js';

const VARIANTS: Record<string, Script['variant']> = { cs1: 'cs1', camel: 'camel3', camel2: 'camel2', camel3: 'camel3', camel4: 'camel4' };

export const scpSimCommand = defineCommand({
  description: 'Run the reference SCP (scriptable answers to InitialDP) over M3UA/TCP or M3UA/SCTP',
  help: `A scriptable reference SCP over M3UA/TCP or M3UA/SCTP. By default it listens on 127.0.0.1:2905 as an M3UA
SGP (the service's sigtran instance connects to it as an ASP; --connect makes it the ASP) and releases every
InitialDP with cause 16. The inap entry's options of plugins.json apply.`,
  helpAfter: `Prints "scp-sim listening on HOST:PORT" (or "connecting to ...") on stdout when ready; on SIGINT/SIGTERM it
prints the final statistics as one JSON line and exits 0 (with --workers, their sum and each process's in
"workers"). SCTP: docs/plugins/sigtran.md "SCTP".`,
  options: {
    script: { value: 'FILE', description: 'the answer script (JSON or YAML, see docs/plugins/inap.md "scp-sim"); default: release all, cause 16' },
    ...simulatorOptions({ listen: '127.0.0.1:2905' }),
    ...sigtranOptions({ opc: 2, dpc: 1, ssn: 146 }),
    variant: { value: 'V', description: "codec when a Begin carries no AC (default: the script's)", choices: Object.keys(VARIANTS) },
    ...workersOption,
  },
  run(o, inap: InapOptions) {
    configure(inap);
    return runSigtranSimulator(
      {
        name: 'scp-sim',
        prepare(): Script {
          const script = o.script ? loadScript(o.script, parseScript) : DEFAULT_SCRIPT;
          return o.variant ? { ...script, variant: VARIANTS[o.variant]! } : script;
        },
        start(gw, script, ctx) {
          const sim = startScpSim(gw, script, ctx);
          const s = sim.stats;
          return { stats: () => s, statusLine: () => `begins ${s.begins} completed ${s.completed} failed ${s.failed} unmatched ${s.unmatched} active ${s.active}`, stop: () => sim.stop() };
        },
      },
      o,
    );
  },
});

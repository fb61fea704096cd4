// The `tester` command line: serve | run | compare | query | cancel | validate | ops, plus commands plugins offer
// (simulators, status tools). Exit codes: 0 success (every instance passed), 1 a run did not pass / invalid / a gate
// was crossed, 2 usage or connection error.
import { Command, CommanderError } from 'commander';
import { serve } from './commands/serve.js';
import { addServeFlags } from './serve-options.js';
import { run, watch, UsageError } from './commands/run.js';
import { validate, ops, schema } from './commands/offline.js';
import { report } from './commands/report.js';
import { merge } from './commands/merge.js';
import { compare } from './commands/compare.js';
import { packList, packRun } from './commands/pack.js';
import { rpcCall, type RpcAnswers } from './rpc-client.js';
import { readPluginsConfig, importPlugin } from '../core/plugins/loader.js';
import { defaultConfigPath } from '../core/service.js';
import { summarize, listTable } from './summary.js';
import { handleClosedPipes, exitWhenFlushed } from './output.js';
import { runPluginCommand } from './plugin-command.js';

const CORE_COMMANDS = new Set(['serve', 'run', 'watch', 'query', 'cancel', 'validate', 'ops', 'list', 'report', 'merge', 'compare', 'schema', 'pack', 'help']);

function connectionOptions(cmd: Command): Command {
  return cmd
    .option('--host <host>', 'service host', process.env.TESTER_HOST ?? '127.0.0.1')
    .option('--port <port>', 'service port', process.env.TESTER_PORT ?? '9009');
}

export interface PluginHelp {
  /** [name, description] of each enabled plugin. */
  plugins: Array<[string, string]>;
  /** [command, plugin, description] of each command they offer. */
  commands: Array<[string, string, string]>;
}

export function buildProgram(setExit: (code: number) => void, help: PluginHelp = { plugins: [], commands: [] }): Command {
  const program = new Command();
  program
    .name('tester')
    .description(
      'Telecom test service: runs Test Runs given as JSON-RPC ExecuteTest definitions, over the protocols of the\n' +
        'plugins that plugins.json enables. Start it with `tester serve`; submit a definition with `tester run FILE`;\n' +
        '`tester ops` lists every operation type; `tester ops TYPE` shows where one is defined.',
    )
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  addPluginHelp(program, help);
  addServe(program, setExit);
  addRun(program, setExit);
  addRecordCommands(program, setExit);
  addCompare(program, setExit);
  addWatch(program, setExit);
  addServiceCalls(program, setExit);
  addOffline(program, setExit);
  addPack(program, setExit);
  return program;
}

/** The enabled plugins and their commands, after the help text. */
function addPluginHelp(program: Command, help: PluginHelp): void {
  if (help.plugins.length) {
    const w = Math.max(...help.plugins.map(([n]) => n.length));
    program.addHelpText('after', `\nEnabled plugins (plugins.json):\n${help.plugins.map(([n, d]) => `  ${n.padEnd(w)}  ${d}`).join('\n')}\n`);
  }
  const pluginCommands = help.commands;
  if (pluginCommands.length) {
    const w = Math.max(...pluginCommands.map(([n]) => n.length));
    program.addHelpText(
      'after',
      `\nCommands of the enabled plugins (tester <command> --help):\n${pluginCommands.map(([n, plugin, d]) => `  ${n.padEnd(w)}  ${d} [${plugin}]`).join('\n')}\n`,
    );
  }
}

/** `tester serve`: the service. */
function addServe(program: Command, setExit: (code: number) => void): void {
  addServeFlags(program.command('serve').description('Run the service: framed JSON-RPC over TCP (4-byte big-endian length + JSON), one request per connection'))
    .addHelpText('after', '\nExamples:\n  tester serve --port 9009 --config plugins.json\n  tester serve --config service.yaml        # docs/configuration.md\n')
    .action(async (o, cmd) => setExit(await serve(o, cmd)));
}

/** `tester run FILE`: submit a definition and follow it. */
function addRun(program: Command, setExit: (code: number) => void): void {
  connectionOptions(
    program
      .command('run')
      .argument('<file>', 'JSON file holding the params object of ExecuteTest')
      .description('Submit a definition, show progress, print a summary; exit 0 if every instance passed, 1 otherwise, 2 on usage/connection errors'),
  )
    .option('--json', 'print the final result record as JSON instead of the summary')
    .option('--pcap <file>', "write the first instance's messages to a pcap file, and each recorded failure's beside it as FILE.instance-N.pcap (sets trace_level 2)")
    .option('--run-id <id>', "run_id to use, over the file's (without either: a fresh one per run, the file name plus a time stamp and a random part)")
    .option('--trace-level <n>', 'override trace_level (0-3)')
    .option('--no-progress', 'no live progress line')
    .option('--poll-ms <ms>', 'QueryTest polling interval', '250')
    .option('--timeout <secs>', 'cancel the run if it has not completed after this many seconds')
    .option('--junit <file>', 'write a JUnit XML report (one test case for the instances, one per threshold) for CI')
    .option('--csv <file>', 'write the per-second statistics as CSV')
    .option('--html <file>', 'write a self-contained HTML report (charts, latencies, the first instance as a ladder diagram)')
    .option('--slice <k/N>', 'run slice k (0 to N-1) of the run split N ways: its share of total, backlog and cps, $n = k + j*N (docs/scaling.md; merge the records with tester merge)')
    .option('--threshold <expr...>', "pass/fail criteria added to the definition's thresholds, e.g. 'p99_ms < 50' 'failed_rate < 0.01' (exit 1 when one is crossed)")
    .option('--baseline <record|run_id>', 'compare the run, once it ends, with this one (a result record file or a run id of the service), as tester compare does')
    .option('--gate <gate...>', "regression gates against --baseline, e.g. 'p99_ms +10%' 'rate -5%' 'failed_rate +0.1pp' (exit 1 when one is crossed; tester compare --help)")
    .addHelpText(
      'after',
      '\nExamples:\n  tester run examples/logic/single.json\n  tester run examples/logic/linear-ramp.json --json > result.json\n' +
        "  tester run examples/logic/linear-ramp.json --threshold 'p99_ms < 50' 'rate >= 0.95 * target'\n" +
        "  tester run examples/logic/load.json --baseline base.json --gate 'p99_ms +10%' 'failed_rate +0.1pp' --junit junit.xml\n",
    )
    .action(async (file, o) => setExit(await run(file, o)));
}

/** `tester merge` and `tester report`: saved result records. */
function addRecordCommands(program: Command, setExit: (code: number) => void): void {
  program
    .command('merge')
    .argument('<results...>', "the slices' result records (tester run --slice k/N --json > result-k.json), one per slice")
    .description("Combine the records of a run's slices into the record of the whole run; print its summary; exit 0 if it passed, 1 if not, 2 on errors")
    .option('--json', 'print the merged record as JSON instead of the summary')
    .option('-o, --output <file>', 'write the merged record (JSON) to this file')
    .option('--junit <file>', 'JUnit XML of the merged record')
    .option('--csv <file>', 'per-second statistics of the merged record as CSV')
    .option('--html <file>', 'HTML report of the merged record')
    .addHelpText('after', '\nExample:\n  tester merge results/result-*.json -o merged.json --html report.html\n')
    .action(async (files, o) => setExit(await merge(files, o)));

  program
    .command('report')
    .argument('<result>', 'a result record saved as JSON (tester run --json > result.json, tester query --json)')
    .description('Write reports from a saved result record: an HTML page, JUnit XML, per-second CSV')
    .option('-o, --output <file>', 'the HTML report (one self-contained file)')
    .option('--junit <file>', 'JUnit XML')
    .option('--csv <file>', 'per-second statistics as CSV')
    .addHelpText('after', '\nExample:\n  tester run examples/logic/load.json --json > result.json\n  tester report result.json -o report.html --junit junit.xml\n')
    .action(async (file, o) => setExit(await report(file, o)));
}

const GATE_HELP = `
Gates: MEASURE, then a signed threshold; the sign names the direction that is a regression:
  p99_ms +10%          crossed when p99 grows by more than 10% of the base's
  rate -5%             crossed when the achieved rate falls by more than 5%
  failed_rate +0.1pp   crossed when the failed fraction grows by more than 0.1 percentage points
  p99_ms +2ms          crossed when p99 grows by more than 2 ms (a plain number: the measure's own unit)
  failed +0            crossed on one more failed instance
  inap.ssp_to_scp.InitialDP.p99_ms +20%   an operation type's latency
Measures (named as thresholds name them):
  rate, duration_s, max_in_progress
  p50_ms, p90_ms, p99_ms, max_ms, mean_ms                          instance latency
  <operation type>.p50_ms ... .mean_ms                             an operation type's latency
  passed_rate, failed_rate, aborted_rate, dropped_rate, error_rate ratios: gates in pp or %
  started, finished, passed, failed, aborted, cancelled, dropped   counts
The change equal to the threshold does not cross it; a measure either record lacks crosses its gate.
Exit: 0 no gate crossed, 1 a gate crossed, 2 bad input (a bad gate, a record that cannot be read).

Examples:
  tester compare base.json new.json
  tester compare base.json new.json --gate 'p99_ms +10%' 'rate -5%' 'failed_rate +0.1pp' --junit gates.xml
  tester compare nightly-41 nightly-42 --port 9009 --json     # run ids of the service (stored runs too)
Docs: docs/compare.md`;

/** `tester compare BASE NEW`: what changed between two runs, and the regression gates. */
function addCompare(program: Command, setExit: (code: number) => void): void {
  connectionOptions(
    program
      .command('compare')
      .argument('<base>', 'the baseline: a result record file (tester run --json > base.json) or a run id of the service')
      .argument('<new>', 'the run to judge: a result record file or a run id of the service')
      .description('Print what changed between two runs (counts, rates, ratios, latency per instance and per operation type, failure reasons); exit 1 when a --gate is crossed, 0 otherwise, 2 on bad input'),
  )
    .option('--gate <gate...>', "regression gates, e.g. 'p99_ms +10%' 'rate -5%' 'failed_rate +0.1pp' (see below)")
    .option('--json', 'print the comparison (rows, gates) as JSON')
    .option('--junit <file>', 'write the gates as JUnit XML, one test case per gate')
    .addHelpText('after', GATE_HELP)
    .action(async (base, next, o) => setExit(await compare(base, next, o)));
}

/** `tester watch RUN_ID`: follow a run started elsewhere. */
function addWatch(program: Command, setExit: (code: number) => void): void {
  connectionOptions(
    program
      .command('watch')
      .argument('<run_id>', 'a run on the service, started by any client (a GUI, another tester run)')
      .description('Follow a run until it completes: the live progress line, then the summary; exit 0 if it passed, 1 if not, 2 on errors'),
  )
    .option('--json', 'print the final result record as JSON instead of the summary')
    .option('--no-progress', 'no live progress line')
    .option('--poll-ms <ms>', 'QueryTest polling interval', '250')
    .option('--junit <file>', 'write a JUnit XML report when it completes')
    .option('--csv <file>', 'write the per-second statistics as CSV when it completes')
    .option('--html <file>', 'write the HTML report when it completes')
    .option('--pcap <file>', "write the first instance's messages to a pcap file, and each recorded failure's beside it as FILE.instance-N.pcap (when the run recorded them, trace_level 2)")
    .action(async (id, o) => setExit(await watch(id, o)));
}

/** `tester query`, `cancel` and `list`: one call to the service, printed. */
function addServiceCalls(program: Command, setExit: (code: number) => void): void {
  connectionOptions(program.command('query').argument('<run_id>').description('QueryTest: print the result record of a run'))
    .option('--json', 'print JSON (default: summary)')
    .action(async (id, o) => setExit(await callAndPrint('QueryTest', { run_id: id }, o, summarize)));

  connectionOptions(program.command('cancel').argument('<run_id>').description('CancelTest: stop a run; in-flight instances end as cancelled'))
    .option('--json', 'print JSON (default: summary)')
    .action(async (id, o) => setExit(await callAndPrint('CancelTest', { run_id: id }, o, summarize)));

  connectionOptions(program.command('list').description('ListTests: runs known to the service and the state of its gateways'))
    .option('--json', 'print the ListTests result as JSON (default: tables)')
    .action(async (o) => setExit(await callAndPrint('ListTests', {}, o, listTable)));
}

/** `tester validate`, `ops` and `schema`: the configured plugins, no service. */
function addOffline(program: Command, setExit: (code: number) => void): void {
  program
    .command('validate')
    .argument('<file>', 'JSON file holding the params object of ExecuteTest')
    .description('Check a definition offline with the configured plugins (no service needed); exit 0 valid, 1 invalid')
    .option('--config <file>', 'plugins.json', defaultConfigPath)
    .action(async (file, o) => setExit(await validate(file, o)));

  program
    .command('ops')
    .argument('[type]', 'an operation type (or alias), a prefix of types, or text they contain: show each with its metadata, source and typed arguments')
    .description('List the operation types of the configured plugins with their arguments, or show the types a name matches')
    .option('--config <file>', 'plugins.json', defaultConfigPath)
    .option('--json', 'print DescribeOperations (or the matching types) as JSON, with argument schemas')
    .action(async (type, o) => setExit(await ops(o, type)));

  program
    .command('schema')
    .description('Print the JSON Schema of definition files for the configured plugins (editors complete operation types and arguments)')
    .option('--config <file>', 'plugins.json', defaultConfigPath)
    .addHelpText('after', '\nExample:\n  tester schema > definition.schema.json   # then "$schema": "./definition.schema.json" in a definition\n')
    .action(async (o) => setExit(await schema(o)));
}

/** `tester pack list|run`: conformance packs (packs/<id>/pack.json and its definitions). */
function addPack(program: Command, setExit: (code: number) => void): void {
  const pack = program.command('pack').description('Conformance packs: list them, or run every procedure of one against a system under test and print the conformance table');
  pack
    .command('list')
    .argument('[pack]', 'a pack id (packs/<id>) or the path of a folder with a pack.json; default: every shipped pack')
    .description('List the packs and their procedures (clause, CAP versions)')
    .option('--json', 'print the packs as JSON')
    .action((id, o) => setExit(packList(id, o)));
  pack
    .command('run')
    .argument('<pack>', 'a pack id (tester pack list) or the path of a folder with a pack.json')
    .description('Run every procedure of a pack (once per CAP version) against the SCP; print the conformance table; exit 0 all passed, 1 any failed, 2 usage or connection errors')
    .option('--target <host:port>', 'the SCP (its M3UA SGP): the pack starts a service of its own with a sigtran ASP towards it')
    .option('--service <host:port>', 'instead: a running tester service whose (default) sigtran instance reaches the SCP')
    .option('--transport <t>', 'tcp or sctp (with --target)', 'tcp')
    .option('--sctp-backend <b>', 'with --transport sctp: auto (the kernel\'s SCTP if it can open a socket, else userland), kernel or userland', 'auto')
    .option('--opc <pc>', 'our point code (the gsmSSF)', '1')
    .option('--dpc <pc>', "the SCP's point code", '2')
    .option('--ssn <ssn>', "the SCP's subsystem number (and ours)", '146')
    .option('--rc <rc>', 'M3UA routing context')
    .option('--cap <v...>', 'only these CAP versions (v2, v3)')
    .option('--only <procedure...>', 'only these procedures')
    .option('--var <name=value...>', "override the pack's vars (the service keys the SCP is provisioned with), e.g. sk_prepaid=17")
    .option('--tcap-timeout <secs>', "each procedure's wait for the SCP (scp.tcap_timeout; raise it above the SCP's ActivityTest and report supervision times)")
    .option('--up-within <secs>', 'how long to wait for the association to the SCP', '15')
    .option('--junit <file>', 'write JUnit XML: one test case per procedure and CAP version')
    .option('--json', 'print the results as JSON instead of the table')
    .addHelpText('after', '\nExamples:\n  tester pack list\n  tester pack run camel-scf --target 10.0.0.5:2905 --opc 101 --dpc 200 --junit conformance.xml\n  tester pack run camel-scf --target 127.0.0.1:2905 --cap v3 --only idp-connect charging-sequence\n')
    .action(async (id, o) => setExit(await packRun(id, o)));
}

/** One call to the service, its result printed as JSON (--json) or as text; exit 2 when it fails. */
async function callAndPrint<M extends 'QueryTest' | 'CancelTest' | 'ListTests'>(
  method: M,
  params: object,
  o: { host: string; port: string; json?: boolean },
  text: (r: RpcAnswers[M]) => string,
): Promise<number> {
  let r;
  try {
    r = await rpcCall({ host: o.host, port: Number(o.port) }, method, params);
  } catch (e) {
    process.stderr.write(`cannot reach the tester service at ${o.host}:${o.port}: ${(e as Error).message}\n`);
    return 2;
  }
  if (r.error) {
    process.stderr.write(`${method} failed (${r.error.code}): ${r.error.message}\n`);
    return 2;
  }
  process.stdout.write((o.json ? JSON.stringify(r.result, null, 2) : text(r.result)) + '\n');
  return 0;
}

/** The enabled plugins and the commands they offer (for --help); none when the config is unreadable. */
async function pluginHelp(): Promise<PluginHelp> {
  const out: PluginHelp = { plugins: [], commands: [] };
  try {
    const { entries, baseDir } = readPluginsConfig(defaultConfigPath);
    for (const entry of entries) {
      if (entry.enabled === false) continue;
      const def = await importPlugin(entry, baseDir);
      out.plugins.push([def.name, def.description ?? '']);
      for (const [n, c] of Object.entries(def.commands ?? {})) out.commands.push([n, def.name, c.description]);
    }
  } catch {
    /* help without the plugins */
  }
  return out;
}

/** A plugin's own command (`tester <command> ...`), found in the enabled plugins of plugins.json. */
async function pluginCommand(name: string, args: string[]): Promise<number | undefined> {
  const cfgIdx = args.indexOf('--config');
  const configPath = cfgIdx >= 0 ? args[cfgIdx + 1]! : defaultConfigPath;
  const { entries, baseDir } = readPluginsConfig(configPath);
  const available: string[] = [];
  for (const entry of entries) {
    if (entry.enabled === false) continue;
    const def = await importPlugin(entry, baseDir);
    for (const c of Object.keys(def.commands ?? {})) available.push(c);
    const cmd = def.commands?.[name];
    if (cmd) return runPluginCommand(name, cmd, args, entry.options ?? {});
  }
  process.stderr.write(`tester: unknown command '${name}'. Commands: ${[...CORE_COMMANDS].filter((c) => c !== 'help').concat(available).join(', ')} (tester --help)\n`);
  return 2;
}

export async function main(argv: string[]): Promise<void> {
  let code = 0;
  const sub = argv[2];
  // serve and the plugins' commands (simulators) run until stopped: a log reader that goes away does not stop them.
  const longRunning = sub === 'serve' || (sub !== undefined && !sub.startsWith('-') && !CORE_COMMANDS.has(sub));
  handleClosedPipes(() => {
    if (!longRunning) process.exit(code);
  });
  try {
    if (sub && !sub.startsWith('-') && !CORE_COMMANDS.has(sub)) {
      code = (await pluginCommand(sub, argv.slice(3))) ?? 2;
    } else {
      const wantsHelp = argv.length <= 2 || (argv.length === 3 && (sub === '--help' || sub === '-h' || sub === 'help'));
      const program = buildProgram((c) => (code = c), wantsHelp ? await pluginHelp() : undefined);
      if (argv.length <= 2) {
        program.outputHelp();
        code = 2;
      } else await program.parseAsync(argv);
    }
  } catch (e) {
    if (e instanceof CommanderError) code = e.exitCode === 0 ? 0 : 2;
    else if (e instanceof UsageError) {
      process.stderr.write(`tester: ${e.message}\n`);
      code = 2;
    } else {
      process.stderr.write(`tester: ${(e as Error).message}\n`);
      code = 2;
    }
  }
  process.exitCode = code;
  // One-shot commands exit even when a plugin left a handle open, but only once their output is flushed.
  if (!longRunning) await exitWhenFlushed(code);
}

// A plugin's command built from its declared options (cli/plugin-command.ts): defaults, types, switches, choices,
// parse, operands, the CLI's own --config, unknown options and the help text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defineCommand } from '../../sdk/index.js';
import { flagOf, pluginCommandHelp, runPluginCommand } from '../../cli/plugin-command.js';

interface Call {
  options: Record<string, unknown>;
  plugin: unknown;
  operands: string[];
}

const calls: Call[] = [];
const cmd = defineCommand({
  description: 'A test command',
  help: 'What it does, written\n  as its author laid it out (a line longer than eighty columns is kept as it is, not wrapped by the CLI).',
  helpAfter: 'Exit code 0, 2 on usage errors.',
  options: {
    listen: { value: 'HOST:PORT', description: 'where', default: '127.0.0.1:7', parse: (t: string) => ({ at: t }) },
    count: { value: 'N', description: 'how many', type: 'integer', min: 1, max: 9, default: 3 },
    ratio: { value: 'R', description: 'a ratio', type: 'number' },
    mode: { value: 'M', description: 'the mode', choices: ['a', 'b'] },
    quiet: { description: 'no log lines' },
    timeoutMs: { value: 'N', description: 'a wait', type: 'integer', default: 100 },
  },
  operands: { name: 'NAME', description: 'names' },
  async run(options, plugin: { p: number }, operands) {
    calls.push({ options: { ...options }, plugin, operands });
    return 7;
  },
});

/** Run the command line; the exit code and what it wrote to stderr. */
async function cli(args: string[]): Promise<{ code: number; err: string; call?: Call }> {
  calls.length = 0;
  const write = process.stderr.write;
  let err = '';
  process.stderr.write = ((s: string) => ((err += s), true)) as typeof process.stderr.write;
  try {
    const code = await runPluginCommand('test-cmd', cmd, args, { p: 1 });
    return { code, err, call: calls[0] };
  } finally {
    process.stderr.write = write;
  }
}

test('flags are the keys in kebab case', () => {
  assert.equal(flagOf('timeoutMs'), '--timeout-ms');
  assert.equal(flagOf('sctpBackend'), '--sctp-backend');
  assert.equal(flagOf('listen'), '--listen');
});

test('defaults apply (a text default parsed), a switch not given is false, an option without default is absent', async () => {
  const r = await cli([]);
  assert.equal(r.code, 7, 'the exit code run returned');
  assert.deepEqual(r.call, { options: { listen: { at: '127.0.0.1:7' }, count: 3, ratio: undefined, mode: undefined, quiet: false, timeoutMs: 100 }, plugin: { p: 1 }, operands: [] });
});

test('given values are typed; operands follow; the CLI\'s --config is not passed on', async () => {
  const r = await cli(['--listen', 'h:1', '--count', '9', '--ratio', '0.5', '--mode', 'b', '--quiet', '--timeout-ms', '0', '--config', 'x.json', 'one', 'two']);
  assert.equal(r.code, 7, r.err);
  assert.deepEqual(r.call!.options, { listen: { at: 'h:1' }, count: 9, ratio: 0.5, mode: 'b', quiet: true, timeoutMs: 0 });
  assert.deepEqual(r.call!.operands, ['one', 'two']);
});

test('mistakes exit 2 naming the option, prefixed with the command, and run is not called', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['--bogus'], /^test-cmd: unknown option '--bogus'/],
    [['--count', 'two'], /^test-cmd: option '--count <N>' argument 'two' is invalid\. expected an integer/],
    [['--count', '1.5'], /expected an integer/],
    [['--count', '0'], /expected an integer >= 1/],
    [['--count', '10'], /expected an integer <= 9/],
    [['--ratio', ''], /expected a number/],
    [['--mode', 'c'], /argument 'c' is invalid\. expected one of a, b/],
    [['--count'], /^test-cmd: option '--count <N>' argument missing/],
  ];
  for (const [args, re] of cases) {
    const r = await cli(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, re, args.join(' '));
    assert.match(r.err, /\(tester test-cmd --help for usage\)/);
    assert.equal(r.call, undefined, `${args.join(' ')}: run not called`);
  }
});

test('a parse function refuses with its own message', async () => {
  const strict = defineCommand({
    description: 'd',
    options: { at: { value: 'HOST:PORT', description: 'where', parse: (t: string) => { if (!t.includes(':')) throw new Error(`expected HOST:PORT, got '${t}'`); return t; } } },
    async run() {
      return 0;
    },
  });
  const write = process.stderr.write;
  let err = '';
  process.stderr.write = ((s: string) => ((err += s), true)) as typeof process.stderr.write;
  try {
    assert.equal(await runPluginCommand('strict', strict, ['--at', 'nocolon'], {}), 2);
  } finally {
    process.stderr.write = write;
  }
  assert.match(err, /^strict: option '--at <HOST:PORT>' argument 'nocolon' is invalid\. expected HOST:PORT, got 'nocolon'/);
});

test('the help: usage, description, the text as written, each option with its value name and default, the text after', () => {
  const h = pluginCommandHelp('test-cmd', cmd);
  assert.match(h, /^Usage: tester test-cmd \[options\] \[NAME\.\.\.\]/);
  assert.match(h, /A test command\n\nWhat it does, written\n {2}as its author laid it out \(a line longer than eighty columns is kept as it is, not wrapped by the CLI\)\./);
  assert.match(h, /--listen HOST:PORT +where \(default: 127\.0\.0\.1:7\)/);
  assert.match(h, /--count N +how many \(default: 3\)/);
  assert.match(h, /--mode M +the mode \(choices: "a", "b"\)/);
  assert.match(h, /--quiet +no log lines/);
  assert.match(h, /--timeout-ms N/);
  assert.match(h, /--config FILE +plugins\.json/);
  assert.match(h, /NAME +names/);
  assert.match(h, /Exit code 0, 2 on usage errors\.\n?$/);
});

test('--help exits 0 without running the command', async () => {
  const write = process.stdout.write;
  let out = '';
  process.stdout.write = ((s: string) => ((out += s), true)) as typeof process.stdout.write;
  let code: number;
  try {
    calls.length = 0;
    code = await runPluginCommand('test-cmd', cmd, ['--help'], {});
  } finally {
    process.stdout.write = write;
  }
  assert.equal(code, 0);
  assert.equal(calls.length, 0);
  assert.match(out, /Usage: tester test-cmd/);
});

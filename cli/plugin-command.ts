// A plugin's command (`tester scp-sim ...`) as a commander sub-command built from its declaration (CliCommand in
// core/api/plugin.ts): its options with their checks and defaults, its operands, its help; `run` gets the parsed,
// typed values. Usage errors name the option and exit 2, as the core commands do.
import { Command, CommanderError, Help, InvalidArgumentError, Option } from 'commander';
import type { CliCommand, CliOption } from '../core/api/plugin.js';

/** `timeoutMs` → `--timeout-ms`. */
export function flagOf(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

function kind(o: CliOption): string {
  return o.type === 'integer' ? 'an integer' : 'a number';
}

/** The text → value conversion of a declared option, refusing what it does not take. */
function converter(o: CliOption): (text: string) => unknown {
  return (text) => {
    if (o.choices && !o.choices.includes(text)) throw new InvalidArgumentError(`expected one of ${o.choices.join(', ')}`);
    if (o.type === 'integer' || o.type === 'number') {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n) || (o.type === 'integer' && !Number.isInteger(n))) throw new InvalidArgumentError(`expected ${kind(o)}`);
      if (o.min !== undefined && n < o.min) throw new InvalidArgumentError(`expected ${kind(o)} >= ${o.min}`);
      if (o.max !== undefined && n > o.max) throw new InvalidArgumentError(`expected ${kind(o)} <= ${o.max}`);
      return n;
    }
    if (!o.parse) return text;
    try {
      return o.parse(text);
    } catch (e) {
      throw new InvalidArgumentError((e as Error).message);
    }
  };
}

function optionOf(key: string, o: CliOption): Option {
  if (o.value === undefined) return new Option(flagOf(key), o.description);
  const option = new Option(`${flagOf(key)} <${o.value}>`, o.description);
  if (o.choices) option.choices(o.choices);
  // after choices(), which installs its own parser: this one checks the choices too, and the types
  option.argParser(converter(o));
  if (o.default !== undefined) option.default(typeof o.default === 'string' ? converter(o)(o.default) : o.default, String(o.default));
  return option;
}

/** `--listen HOST:PORT` in the help, as the simulators' documentation writes it (commander: `--listen <HOST:PORT>`). */
function optionTerm(option: Option): string {
  const names = [option.short, option.long].filter(Boolean).join(', ');
  const value = /[<[]([^>\]]*)[>\]]/.exec(option.flags)?.[1];
  return value ? `${names} ${value}` : names;
}

/** The plugin's help text as its author wrote it (lines of up to 120 columns); one-line descriptions wrapped. */
function boxWrap(this: Help, text: string, width: number): string {
  return text.includes('\n') ? text : Help.prototype.boxWrap.call(this, text, width);
}

/**
 * The sub-command `tester <name>` of `root`: parses, checks, then calls `done` with what `cmd.run` returned. The
 * CLI's own `--config FILE` (which plugins.json) is accepted and not passed on.
 */
function addPluginCommand(root: Command, name: string, cmd: CliCommand, pluginOptions: unknown, done: (code: number) => void): Command {
  const sub = root
    .command(name)
    .description([cmd.description, cmd.help].filter(Boolean).join('\n\n'))
    .configureHelp({ optionTerm, boxWrap })
    .configureOutput({ outputError: (text, write) => write(text.replace(/^error: /, `${name}: `)) })
    .showHelpAfterError(`(tester ${name} --help for usage)`)
    .exitOverride();
  const declared = Object.entries(cmd.options ?? {});
  for (const [key, o] of declared) sub.addOption(optionOf(key, o));
  // read by the CLI before (main.ts: which plugins.json names this command); declared for the help and the checks
  sub.option('--config <FILE>', "plugins.json the CLI reads to find this command (default: the project's); its plugin's entry's options apply");
  if (cmd.operands) sub.argument(`[${cmd.operands.name}...]`, cmd.operands.description);
  if (cmd.helpAfter) sub.addHelpText('after', `\n${cmd.helpAfter}`);
  sub.action(async (...args: unknown[]) => {
    const parsed = sub.opts();
    const values: Record<string, unknown> = {};
    // a switch not given is false; a valued option not given and without default is absent (undefined)
    for (const [key, o] of declared) values[key] = o.value === undefined ? parsed[key] === true : parsed[key];
    const operands = cmd.operands ? (args[0] as string[]) : [];
    done(await cmd.run(values as never, pluginOptions, operands));
  });
  return sub;
}

/** Run a plugin's command on its arguments (those after the command's name); returns the exit code. */
export async function runPluginCommand(name: string, cmd: CliCommand, args: readonly string[], pluginOptions: unknown): Promise<number> {
  const root = new Command('tester').exitOverride();
  let code = 0;
  addPluginCommand(root, name, cmd, pluginOptions, (c) => (code = c));
  try {
    await root.parseAsync([name, ...args], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    throw e;
  }
  return code;
}

/** The text of `tester <name> --help`. */
export function pluginCommandHelp(name: string, cmd: CliCommand): string {
  let text = '';
  const sub = addPluginCommand(new Command('tester'), name, cmd, {}, () => {});
  sub.configureOutput({ writeOut: (s) => (text += s) });
  sub.outputHelp();
  return text;
}

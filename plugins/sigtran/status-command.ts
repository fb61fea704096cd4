// `tester sigtran-status [--wait MS] [NAME...]`: start the configured instances, wait for them to come up, print
// their state and exit 0 when all are up, 1 otherwise. A connectivity check for plugins.json.
import type { CliCommand } from '../../sdk/index.js';
import { normalizeInstance, type SigtranOptions } from './gateway/config.js';
import { SigtranGatewayImpl } from './gateway/instance.js';

export const statusCommand: CliCommand<SigtranOptions> = {
  description: 'Connect the sigtran gateway instances of plugins.json and report their M3UA state',
  help: [
    'Usage: tester sigtran-status [--wait MS] [NAME ...]',
    '',
    'Starts each configured sigtran instance (or the named ones), waits up to MS milliseconds (default 3000)',
    'for its ASP to become active, prints one JSON line per instance with its state, peer and last error,',
    'then stops them. Exit code 0 when every instance came up, 1 otherwise, 2 on usage errors.',
  ].join('\n'),
  run(args, options) {
    return runStatus(args, options, (t) => process.stdout.write(t), (t) => process.stderr.write(t));
  },
};

/** The command's work, with its output streams given (for tests). */
export async function runStatus(args: string[], options: SigtranOptions, out: (text: string) => void, err: (text: string) => void): Promise<number> {
  let wait = 3000;
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--wait') {
      wait = Number(args[++i]);
      if (!Number.isFinite(wait) || wait < 0) {
        err('sigtran-status: --wait needs a number of milliseconds\n');
        return 2;
      }
    } else if (a === '--config') {
      i++; // the CLI's own option (which plugins.json): not an instance name
    } else names.push(a);
  }
  const all = (options.instances ?? []).map((r) => normalizeInstance(r));
  const chosen = names.length ? all.filter((c) => names.includes(c.name)) : all;
  if (!chosen.length) {
    err(`sigtran-status: no ${names.length ? 'such ' : ''}sigtran instance configured\n`);
    return 2;
  }
  // A connectivity check: no captures (the service's own instances write those).
  const gws = chosen.map((c) => new SigtranGatewayImpl({ ...c, pcap: undefined }));
  await Promise.all(gws.map((g) => g.start()));
  await Promise.all(gws.map((g) => g.whenUp({ timeoutMs: wait }).catch(() => undefined)));
  let ok = true;
  for (const g of gws) {
    const s = g.status();
    if (s.state !== 'up') ok = false;
    out(JSON.stringify(s) + '\n');
  }
  await Promise.all(gws.map((g) => g.stop()));
  return ok ? 0 : 1;
}

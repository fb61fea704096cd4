// `tester sigtran-status [--wait MS] [NAME...]`: start the configured instances, wait for them to come up, print
// their state and exit 0 when all are up, 1 otherwise. A connectivity check for plugins.json.
import { defineCommand } from '../../sdk/index.js';
import { normalizeInstance, type SigtranOptions } from './gateway/config.js';
import { SigtranGatewayImpl } from './gateway/instance.js';

export const statusCommand = defineCommand({
  description: 'Connect the sigtran gateway instances of plugins.json and report their M3UA state',
  help: [
    'Starts each configured sigtran instance (or the named ones), waits up to MS milliseconds for its ASP to become',
    'active, prints one JSON line per instance with its state, peer and last error, then stops them.',
  ].join('\n'),
  helpAfter: 'Exit code 0 when every instance came up, 1 otherwise, 2 on usage errors.',
  options: { wait: { value: 'MS', description: 'how long to wait for the instances to come up', type: 'number', min: 0, default: 3000 } },
  operands: { name: 'NAME', description: 'the instances to check (default: every configured one)' },
  run(o, options: SigtranOptions, names) {
    return runStatus({ wait: o.wait, names }, options, (t) => process.stdout.write(t), (t) => process.stderr.write(t));
  },
});

/** The command's work, with its output streams given (for tests). */
export async function runStatus({ wait, names }: { wait: number; names: readonly string[] }, options: SigtranOptions, out: (text: string) => void, err: (text: string) => void): Promise<number> {
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

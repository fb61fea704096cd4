// examples/kubernetes: the Indexed Job of slices and the merge Job agree with each other and with the service:
// one pod per slice, JOB_COMPLETION_INDEX as the slice index, the slice count in step with completions; the
// embedded service config loads (with the pod's environment) and the embedded run is accepted as a slice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { readServiceConfig } from '../../cli/service-config.js';
import { startTestService, call } from '../helpers/service.js';
import { repoRoot } from '../cli/helpers.js';

const docs = (f: string) => parseAllDocuments(readFileSync(join(repoRoot, 'examples/kubernetes', f), 'utf8')).map((d) => d.toJS());

test('the slices Job: Indexed, one pod per slice, JOB_COMPLETION_INDEX/SLICES to --slice, results on the claim the merge reads', () => {
  const [config, claim, job] = docs('tester-slices.yaml');
  assert.equal(config.kind, 'ConfigMap');
  assert.equal(claim.kind, 'PersistentVolumeClaim');
  assert.equal(job.kind, 'Job');
  assert.equal(job.spec.completionMode, 'Indexed');
  const c = job.spec.template.spec.containers[0];
  const slices = Number(c.env.find((e: any) => e.name === 'SLICES').value);
  assert.equal(job.spec.completions, slices);
  assert.equal(job.spec.parallelism, slices, 'all slices run at once');
  const script = c.args.join('\n');
  assert.match(script, /--slice "\$JOB_COMPLETION_INDEX\/\$SLICES"/);
  assert.match(script, /> "\/results\/result-\$JOB_COMPLETION_INDEX\.json"/);
  assert.match(script, /ASP_ID=\$\(\(JOB_COMPLETION_INDEX \+ 1\)\)/, 'each slice its own ASP');
  const [merge] = docs('tester-merge.yaml');
  assert.equal(merge.kind, 'Job');
  assert.match(merge.spec.template.spec.containers[0].args.join(' '), /tester\.js merge \/results\/result-\*\.json/);
  const claimOf = (j: any) => j.spec.template.spec.volumes.find((v: any) => v.persistentVolumeClaim).persistentVolumeClaim.claimName;
  assert.equal(claimOf(job), claim.metadata.name);
  assert.equal(claimOf(merge), claim.metadata.name);
});

test('the embedded service config loads with the pod environment, and the embedded run is accepted as slice 3 of 4', async () => {
  const [config] = docs('tester-slices.yaml');
  const dir = mkdtempSync(join(tmpdir(), 'tester-k8s-'));
  const file = join(dir, 'service.yaml');
  writeFileSync(file, config.data['service.yaml']);
  // a port nothing listens on: the association stays down, so the run is checked fully and then refused with 2003
  const cfg = readServiceConfig(file, ['host', 'port', 'data-dir'], { SUT_HOST: '127.0.0.1', SUT_PORT: '9', ASP_ID: '4' });
  const sigtran = cfg.plugins!.find((p) => p.name === 'sigtran')! as any;
  assert.equal(String(sigtran.options.instances[0].aspId), '4');
  const svc = await startTestService(cfg.plugins!, { dataDir: dir });
  try {
    const run = JSON.parse(config.data['run.json']);
    const r = await call(svc.port, 'ExecuteTest', { ...run, slice: { index: 3, count: 4 } });
    assert.equal(r.error?.code, 2003, `definition and slice valid, only the SUT is missing: ${JSON.stringify(r.error)}`);
    const bad = await call(svc.port, 'ExecuteTest', { ...run, run_id: 'k8s-bad', slice: { index: 4, count: 4 } });
    assert.equal(bad.error?.code, 2002);
  } finally {
    await svc.close();
  }
});

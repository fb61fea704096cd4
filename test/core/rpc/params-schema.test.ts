// core/rpc/params-schema.ts: the params schema is composed from the registry at boot. A param exists only when
// the core or an enabled plugin declares it, or when it selects an instance of a registered gateway kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bootPlugins } from '../../../core/service.js';
import { describeError } from '../../../core/validation/ajv.js';

const log = () => {};
const dataDir = `${process.env.TMPDIR ?? '/tmp'}/tester-params-${process.pid}`;

async function validator(plugins: Array<{ name: string; options?: Record<string, unknown> }>) {
  const { validateParams, paramsSchema } = await bootPlugins({ plugins, dataDir }, log);
  return {
    schema: paramsSchema as { properties: Record<string, unknown>; patternProperties?: Record<string, unknown> },
    check(params: Record<string, unknown>): string | undefined {
      const p = { run_id: 'r', operations: [{ type: 'comment' }], ...params };
      if (validateParams(p)) return undefined;
      const d = describeError(validateParams.errors![0]!);
      return `${d.path}: ${d.message}`;
    },
  };
}

test('with the inap and sigtran plugins disabled, scp, ssp_ac and inap are unknown params', async () => {
  const v = await validator([{ name: 'logic' }]);
  assert.match(v.check({ scp: { dssn: 146 } }) ?? '', /^scp: is not a known field/);
  assert.match(v.check({ ssp_ac: 'camel3' }) ?? '', /^ssp_ac: is not a known field/);
  assert.match(v.check({ inap: {} }) ?? '', /^inap: is not a known field/);
  assert.match(v.check({ sigtran: 'SIGTRAN' }) ?? '', /^sigtran: is not a known field/);
  assert.equal(v.check({ trace_level: 1, turbo: 1, trace_messages: 0, vars: { a: 1 }, locks: [{ key: 'k' }] }), undefined, 'the core params are always there');
  assert.deepEqual(Object.keys(v.schema.properties).sort(), ['$schema', 'data', 'description', 'detail', 'distribution', 'flows', 'include', 'locks', 'operations', 'run_id', 'seed', 'slice', 'thresholds', 'trace_level', 'trace_messages', 'turbo', 'vars']);
});

test('with them enabled, scp validates as the spec states (ranges, unknown fields, numeric strings)', async () => {
  const v = await validator([{ name: 'logic' }, { name: 'sigtran', options: { instances: [] } }, { name: 'inap' }]);
  assert.equal(v.check({ scp: { dri: 1, dssn: '146', dpc: 16383, dgt_digits: '4477', dgt_noa: 4, dgt_np: 1, dgt_tt: 0, tcap_timeout: 2.5 }, ssp_ac: 'camel3', inap: { extensions: {} }, sigtran: 'X' }), undefined);
  const bad: Array<[Record<string, unknown>, RegExp]> = [
    [{ scp: { dssn: 0 } }, /^scp\.dssn: must be >= 1/],
    [{ scp: { dssn: 256 } }, /^scp\.dssn: must be <= 255/],
    [{ scp: { dpc: 0x1000000 } }, /^scp\.dpc: must be <= 16777215/],
    [{ scp: { dgt_noa: 128 } }, /^scp\.dgt_noa/],
    [{ scp: { dgt_np: 8 } }, /^scp\.dgt_np/],
    [{ scp: { dgt_tt: 256 } }, /^scp\.dgt_tt/],
    [{ scp: { dri: 2 } }, /^scp\.dri/],
    [{ scp: { tcap_timeout: 0 } }, /^scp\.tcap_timeout/],
    [{ scp: { colour: 'red' } }, /^scp\.colour: is not a known field/],
    [{ ssp_ac: '' }, /^ssp_ac/],
  ];
  for (const [p, re] of bad) assert.match(v.check(p) ?? 'accepted', re, JSON.stringify(p));
});

test('labelled gateway kinds add <kind>_<label> selector params; plain kinds only <kind>', async () => {
  const v = await validator([{ name: 'logic' }, { name: 'db', options: { instances: [] } }, { name: 'osd', options: { instances: [] } }]);
  assert.equal(v.check({ db: 'A', db_smf: 'B', osd: 'C' }), undefined);
  assert.match(v.check({ osd_x: 'C' }) ?? '', /^osd_x: is not a known field/);
  assert.match(v.check({ db_smf: {} }) ?? '', /^db_smf: must be string/);
  assert.ok(v.schema.patternProperties?.['^db_[A-Za-z0-9_-]+$']);
});

// plugins/inap/catalogue.ts: the table is the only list of operation types. The types the plugin registers (booted
// through the core's loader) are exactly those the rows give, read here by the rule of docs/plugins/inap.md, and
// every type name that existed before the table (fixtures/types-on-main.txt) is still registered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootPlugins } from '../../../core/service.js';
import { OPCODES, OPERATIONS, opName, type OperationRow } from '../../../plugins/inap/catalogue.js';
import { inapFamily } from '../../../plugins/inap/family.js';
import { ARG_TYPES, RESULT_TYPES } from '../../../plugins/inap/codec/args.js';

async function registered(): Promise<Map<string, { type: string; source: string; direction: string }>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inap-catalogue-'));
  try {
    const { registry } = await bootPlugins({ plugins: [{ name: 'sigtran', options: { instances: [] } }, { name: 'inap' }], dataDir }, () => {});
    const out = new Map<string, { type: string; source: string; direction: string }>();
    for (const [name, op] of registry.operations()) if (op.plugin === 'inap') out.set(name, { type: op.def.type, source: op.source, direction: op.def.direction });
    return out;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The rule, written out: a component sent on `a>b` is `<a>_to_<b>` (send) and `<b>_from_<a>` (receive); srf also as srp. */
function fromTable(): string[] {
  const names: string[] = [];
  const add = (family: string, seg: string, name: string) => {
    names.push(`${family}.${seg}.${name}`);
    if (seg.startsWith('srf_')) names.push(`${family}.srp_${seg.slice(4)}.${name}`);
  };
  const segments = new Set<string>();
  for (const [op, row] of Object.entries(OPERATIONS) as Array<[string, OperationRow]>) {
    const parts: Array<[string, readonly string[]]> = [[op, row.invoke]];
    if (row.result) parts.push([`${op}Result`, row.result.links]);
    if (row.error) parts.push([`${op}Error`, row.error]);
    for (const [name, links] of parts) {
      for (const link of links) {
        const [a, b] = link.split('>');
        for (const seg of [`${a}_to_${b}`, `${b}_from_${a}`]) {
          add('inap', seg, name);
          segments.add(seg);
        }
      }
    }
  }
  for (const seg of segments) add('tcap', seg, 'Abort');
  // the SCP role registers for the Begins it takes (runtime/routing.ts)
  for (const seg of segments) if (seg.startsWith('scp_from_')) add('inap', seg, 'Register');
  return names.sort();
}

test('the registered types and aliases are exactly what the table gives', async () => {
  const reg = await registered();
  const expected = fromTable();
  assert.deepEqual([...reg.keys()].sort(), expected);
  const types = new Set([...reg.values()].map((r) => r.type));
  // 94 call-control types, 16 SMS (8 operations both ways), 36 GPRS (14 operations and 4 results both ways), 36
  // ReturnErrors of the SMS and GPRS operations that have ERRORS (18, both ways)
  assert.equal(types.size, 186);
  assert.equal(reg.size - types.size, 12, 'aliases: the srp spelling of every srf type');
});

test('no type name of before the table is lost', async () => {
  const reg = await registered();
  const before = readFileSync(new URL('./fixtures/types-on-main.txt', import.meta.url), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  assert.equal(before.length, 104);
  assert.deepEqual(before.filter((n) => !reg.has(n)), []);
});

test('each type names its row as its source: the table, and the codec type of what it carries', async () => {
  const reg = await registered();
  const get = (t: string) => reg.get(t)!.source;
  assert.equal(get('inap.ssp_to_scp.InitialDP'), 'plugins/inap/catalogue.ts OPERATIONS.InitialDP; InitialDPArg: codec/args.ts ARG_TYPES.InitialDP');
  assert.equal(get('inap.scp_from_ssp.InitialDP'), get('inap.ssp_to_scp.InitialDP'));
  assert.equal(get('inap.ssp_from_scp.Continue'), 'plugins/inap/catalogue.ts OPERATIONS.Continue (no argument)');
  assert.equal(get('inap.srp_to_scp.PromptAndCollectUserInformationResult'), 'plugins/inap/catalogue.ts OPERATIONS.PromptAndCollectUserInformation.result; ReceivedInformationArg: codec/args.ts RESULT_TYPES.PromptAndCollectUserInformation');
  assert.equal(get('inap.scp_from_srf.PlayAnnouncementError'), "plugins/inap/catalogue.ts OPERATIONS.PlayAnnouncement.error; the error's parameter: codec/errors.ts");
  assert.match(get('tcap.scp_to_srf.Abort'), /^plugins\/inap\/family\.ts /);
});

test('the table and the codec agree: a row has an argument type exactly when codec/args.ts defines one', () => {
  for (const [op, row] of Object.entries(OPERATIONS) as Array<[string, OperationRow]>) {
    assert.equal(row.argument !== null, op in ARG_TYPES, `${op}: argument ${row.argument}`);
    assert.equal((row.result?.type ?? null) !== null, op in RESULT_TYPES, `${op}: result ${row.result?.type}`);
  }
  for (const op of Object.keys(ARG_TYPES)) assert.ok(op in OPERATIONS, `codec/args.ts ARG_TYPES.${op} has no row`);
});

test('derived lookups: opcodes both ways, message names to operation and wire component', () => {
  assert.equal(OPCODES.InitialDP, 0);
  assert.equal(OPCODES.DisconnectLeg, 90);
  assert.equal(new Set(Object.values(OPCODES)).size, Object.keys(OPCODES).length, 'opcodes are unique');
  for (const [op, code] of Object.entries(OPCODES)) assert.equal(opName(code), op);
  assert.equal(opName(99), undefined);
  assert.deepEqual(inapFamily.message('ActivityTestResult'), { op: 'ActivityTest', wire: 'result' });
  assert.deepEqual(inapFamily.message('PromptAndCollectUserInformationError'), { op: 'PromptAndCollectUserInformation', wire: 'error' });
  assert.deepEqual(inapFamily.message('Connect'), { op: 'Connect', wire: 'invoke' });
});

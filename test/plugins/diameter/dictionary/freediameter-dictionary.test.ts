// Our dictionaries against freeDiameter's (dict_nasreq, dict_dcca, dict_dcca_3gpp of Debian's freeDiameter 1.2.1),
// written independently: every AVP both know must agree on code, vendor, base type and V/M flags, and names must
// match except where freeDiameter deviates from the specifications.
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Dictionary } from '../../../../plugins/diameter/dictionary/dictionary.js';
import { needsTool } from '../../../helpers/tools.js';

const here = dirname(fileURLToPath(import.meta.url));
/** Where freeDiameter's names differ from the specifications (ours follow TS 32.299 / TS 29.329). */
const NAME_EXCEPTIONS: Record<string, string> = { 'Service-Type': 'MMTel-SService-Type', 'User-Data': 'User-Data-29.329' };
const BASE: Record<string, string> = {
  OctetString: 'OCTETSTRING', Address: 'OCTETSTRING', UTF8String: 'OCTETSTRING', DiameterIdentity: 'OCTETSTRING',
  DiameterURI: 'OCTETSTRING', IPFilterRule: 'OCTETSTRING', Time: 'OCTETSTRING', Integer32: 'INTEGER32', Enumerated: 'INTEGER32',
  Unsigned32: 'UNSIGNED32', Integer64: 'INTEGER64', Unsigned64: 'UNSIGNED64', Grouped: 'GROUPED', Float32: 'FLOAT32', Float64: 'FLOAT64',
};

async function freeDiameterDictionary(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'fd-dict-'));
  try {
    const ext = join(dir, 'dict_dump.fdx');
    execFileSync('gcc', ['-shared', '-fPIC', '-o', ext, resolve(here, '../../../fixtures/diameter/dict_dump.c'), '-lfdcore', '-lfdproto'], { stdio: 'pipe' });
    const out = join(dir, 'dict.txt');
    const E = '/usr/lib/freeDiameter';
    writeFileSync(join(dir, 'fd.conf'), [
      'Identity = "dump.localdomain";', 'Realm = "localdomain";', 'Port = 0;', 'SecPort = 0;', 'No_SCTP;', 'No_IPv6;',
      `LoadExtension = "${E}/dict_nasreq.fdx";`, `LoadExtension = "${E}/dict_dcca.fdx";`, `LoadExtension = "${E}/dict_dcca_3gpp.fdx";`,
      `LoadExtension = "${ext}" : "${out}";`, '',
    ].join('\n'));
    // Port = 0 and no peers: the daemon opens no socket at all
    const fd = spawn('freeDiameterd', ['-c', join(dir, 'fd.conf')], { stdio: 'ignore' });
    const exited = new Promise<void>((r) => fd.once('exit', () => r()));
    try {
      for (let i = 0; i < 400 && !(existsSync(out) && readFileSync(out, 'utf8').includes('#END')); i++) await new Promise((r) => setTimeout(r, 25));
    } finally {
      fd.kill('SIGKILL');
      await exited;
    }
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('diameter dictionaries agree with freeDiameter', needsTool('freeDiameterd', 'apt-get install freediameter libfreediameter-dev gcc'), () => {
  test('codes, vendors, base types, flags and names', async () => {
    const text = await freeDiameterDictionary();
    const theirs = new Map<string, { name: string; flags: string; base: string }>();
    let vendor = 0;
    for (const line of text.split('\n')) {
      const v = /VENDOR p:\(nil\) data: (\d+)/.exec(line);
      if (v) vendor = Number(v[1]);
      const a = /AVP p:\S+ data: v\/m:(\S\S)\/\S\S,\s+(\w+), (\d+)\s+"([^"]+)"/.exec(line);
      if (a && !line.includes('RULE')) theirs.set(`${vendor}:${a[3]}`, { flags: a[1]!.replace(/-/g, ''), base: a[2]!, name: a[4]! });
    }
    assert.ok(theirs.size > 500, `parsed ${theirs.size} AVPs from freeDiameter's dictionary`);
    const problems: string[] = [];
    let compared = 0;
    for (const a of new Dictionary().allAvps()) {
      const t = theirs.get(`${a.vendorId}:${a.code}`);
      if (!t) continue;
      compared++;
      const flags = (a.flags & 0x80 ? 'V' : '') + (a.flags & 0x40 ? 'M' : '');
      if (t.name !== a.name && NAME_EXCEPTIONS[a.name] !== t.name) problems.push(`${a.name} (${a.vendorId}:${a.code}): freeDiameter names it ${t.name}`);
      if (t.flags !== flags) problems.push(`${a.name}: flags ${flags}, freeDiameter ${t.flags}`);
      if (BASE[a.type] !== t.base) problems.push(`${a.name}: type ${a.type}, freeDiameter ${t.base}`);
    }
    assert.deepEqual(problems, []);
    assert.ok(compared > 300, `compared ${compared} AVPs`);
  });
});

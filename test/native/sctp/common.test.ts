// native/sctp/src/common.h against the headers: the potentially-failed path state is compiled in where the stack's
// headers name it (Linux: SCTP_ADDR_PF and SCTP_POTENTIALLY_FAILED, macros for its enum members), left out where
// they do not (usrsctp 0.9.5), a usrsctp that one day defines them still builds, and a definition that collides
// with another state stops the build (not a silently wrong name). gcc's preprocessor and -fsyntax-only
// only: no addon is built here.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { needsTool } from '../../helpers/tools.js';
import { skipOutsideCi } from '../../helpers/skips.js';

const src = join(import.meta.dirname, '..', '..', '..', 'native', 'sctp', 'src');
const FLAGS = ['-std=gnu11', '-Wall', '-Wextra', '-Werror', '-Wno-unused-function', '-Wno-missing-field-initializers', '-I/usr/include/node'];

/** The file preprocessed with `defines`, or undefined (the test skipped) when its headers are not installed. */
function preprocess(t: TestContext, file: string, header: string, defines: string[] = []): string | undefined {
  for (const h of [header, 'node/node_api.h']) {
    if (!existsSync(join('/usr/include', h))) {
      skipOutsideCi(t, `/usr/include/${h} not installed (.ci/setup.d/sctp.sh installs it)`);
      return undefined;
    }
  }
  return execFileSync('gcc', [...FLAGS, ...defines, '-E', join(src, file)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function syntax(file: string, defines: string[]): { ok: boolean; errors: string } {
  const r = spawnSync('gcc', [...FLAGS, ...defines, '-fsyntax-only', join(src, file)], { encoding: 'utf8' });
  return { ok: r.status === 0, errors: r.stderr };
}

const count = (text: string, what: string) => text.split(what).length - 1;

test('kernel backend: path events and path status both name potentially-failed; one copy of the option code', needsTool('gcc', 'apt-get install gcc'), (t) => {
  const out = preprocess(t, 'kernel.c', 'netinet/sctp.h');
  if (out === undefined) return;
  assert.equal(count(out, '"potentially-failed"'), 2, 'SCTP_ADDR_PF in paddr_state_name and SCTP_PF in spinfo_state_name');
  assert.equal(count(out, 'SCTP_EXPOSE_POTENTIALLY_FAILED_STATE'), 1, 'the PF events are asked for (the error name)');
  for (const f of ['apply_opts(', 'status_value(', 'path_value(']) assert.equal(count(out, `static ${f.startsWith('apply') ? 'int' : 'napi_value'} ${f}`), 1, `one ${f}`);
  assert.ok(syntax('kernel.c', []).ok);
});

test('userland backend: builds without the macros (usrsctp 0.9.5), with them, and refuses a colliding definition', needsTool('gcc', 'apt-get install gcc'), (t) => {
  const plain = preprocess(t, 'userland.c', 'usrsctp.h');
  if (plain === undefined) return;
  const pf = ['-DSCTP_ADDR_PF=0x0007', '-DSCTP_POTENTIALLY_FAILED=0x0008'];
  const defined = preprocess(t, 'userland.c', 'usrsctp.h', pf)!;
  const header = readFileSync('/usr/include/usrsctp.h', 'utf8');
  const named = ['SCTP_ADDR_PF', 'SCTP_POTENTIALLY_FAILED'].filter((m) => new RegExp(`#\\s*define\\s+${m}\\b`).test(header));
  assert.equal(count(plain, '"potentially-failed"'), named.length, `as many as the installed usrsctp.h names (${named.join(', ') || 'none'})`);
  assert.equal(count(defined, '"potentially-failed"'), 2);
  assert.equal(count(defined, 'static int apply_opts('), 1);
  for (const d of [[], pf]) {
    const r = syntax('userland.c', d);
    assert.ok(r.ok, `userland.c ${d.join(' ')}: ${r.errors}`);
  }
  const collide = syntax('userland.c', ['-DSCTP_ADDR_PF=0x0001']);
  assert.equal(collide.ok, false);
  assert.match(collide.errors, /duplicate case value/);
});

// views/ladder-roles.ts and the ladder's options: the lifelines named by the roles the run's operation types name; details drawn on open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { peerRole, recordRoles } from '../../views/ladder-roles.js';
import { ladderDetailHtml, ladderHtml } from '../../views/ladder.js';

const latency = (types: string[]) => ({ latency: { instance: {}, operations: Object.fromEntries(types.map((t) => [t, {}])), distribution: [] } }) as never;

test('the tester plays the role its first typed operation names; each family its peer role', () => {
  const roles = recordRoles(latency(['inap.ssp_to_scp.InitialDP', 'inap.ssp_from_scp.ReleaseCall', 'diameter.client_to_server.CCR', 'set']))!;
  assert.deepEqual(roles, { tester: 'SSP', peers: { inap: 'SCP', diameter: 'SERVER' } });
  assert.equal(peerRole(roles, 'inap'), 'SCP');
  assert.equal(peerRole(roles, 'tcap'), 'SCP', 'a TCAP message (an Abort, a component) is the TCAP user\'s peer');
  assert.equal(peerRole(roles, 'rest'), undefined);
  assert.equal(recordRoles(latency(['set', 'wait'])), undefined, 'bare operations name no role');
});

test('the lifelines are headed by the roles: the tester\'s, then each peer\'s with its address', () => {
  const fc = {
    index: 0, time_start: [1_700_000_000, 0], check_log: [], trace_log: [],
    messages: [
      { direction: 'sent', name: 'InitialDP', protocol: 'inap', peer: '127.0.0.1:2905', op_idx: 0, step: 0, time: [1_700_000_000, 1000] },
      { direction: 'received', name: 'CCA', protocol: 'diameter', peer: 'ocs.example', op_idx: 1, step: 1, time: [1_700_000_000, 2000] },
    ],
  } as never;
  const heads = (html: string) => [...html.matchAll(/<text x="\d+" y="20" text-anchor="middle">([^<]*)<\/text>/g)].map((m) => m[1]);
  const roles = recordRoles(latency(['inap.ssp_to_scp.InitialDP', 'diameter.client_from_server.CCA']));
  assert.deepEqual(heads(ladderHtml(fc, roles)), ['SSP (tester)', 'SCP 127.0.0.1:2905', 'SERVER ocs.example']);
  assert.deepEqual(heads(ladderHtml(fc)), ['tester', '127.0.0.1:2905', 'ocs.example'], 'without roles: the tester and the peers');
});

test('detailsOnOpen leaves each detail empty; ladderDetailHtml gives the detail the inline ladder has', () => {
  const fc = {
    index: 0, time_start: [1_700_000_000, 0], check_log: [], trace_log: [],
    messages: [
      { direction: 'sent', name: 'InitialDP', protocol: 'tcap', peer: 'scp-1', op_idx: 0, step: 0, time: [1_700_000_000, 1000], fields: { serviceKey: 7 }, hex: '0041ff' },
      { direction: 'received', name: '<Connect>', protocol: 'tcap', op_idx: 1, step: 1, time: [1_700_000_000, 4000] },
    ],
  } as never;
  const inline = ladderHtml(fc);
  const lazy = ladderHtml(fc, undefined, true);
  assert.equal((lazy.match(/<div class="detail"><\/div>/g) ?? []).length, 2);
  assert.doesNotMatch(lazy, /serviceKey/);
  for (const i of [0, 1]) {
    const detail = ladderDetailHtml(fc, i);
    assert.match(detail, /^<div class="detail">/);
    assert.ok(inline.includes(detail), `message ${i}: the same detail as inline`);
  }
  assert.match(ladderDetailHtml(fc, 1), /Received from <b>scp-1<\/b>/, 'the component without a peer is its predecessor\'s');
  assert.equal(ladderDetailHtml(fc, 5), '');
});

test('lanes stand as far apart as their longest heading needs, and the drawing holds it', () => {
  const fc = (peer: string) =>
    ({ index: 0, time_start: [1_700_000_000, 0], check_log: [], trace_log: [], messages: [{ direction: 'sent', name: 'InitialDP', protocol: 'inap', peer, op_idx: 0, step: 0, time: [1_700_000_000, 1000] }] }) as never;
  const width = (html: string) => Number(/<svg class="lanes" viewBox="0 0 (\d+) /.exec(html)![1]);
  const roles = recordRoles(latency(['inap.ssp_to_scp.InitialDP']));
  const short = width(ladderHtml(fc('scp'), roles));
  const long = ladderHtml(fc('SIGTRAN 127.0.0.1:36079'), roles);
  assert.ok(width(long) > short, `${width(long)} > ${short}`);
  const xs = [...long.matchAll(/<text x="(\d+)" y="20"/g)].map((m) => Number(m[1]));
  const heading = 'SCP SIGTRAN 127.0.0.1:36079'.length * 9;
  assert.ok(xs[1]! - xs[0]! >= heading, 'the two headings do not overlap');
  assert.ok(xs[1]! + heading / 2 <= width(long), 'the last heading ends inside the drawing');
});

// views/ladder.ts: the first instance as a ladder, a pure function of first_call that the report and the web
// client share: one row per message in order, lifelines for the tester and each peer, texts escaped, a component
// without a peer on its predecessor's lifeline, and no style="" attribute (the client's CSP forbids them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ladderHtml, LADDER_CSS } from '../../views/ladder.js';
import type { RunRecord } from '../../core/api/index.js';

type FirstCall = NonNullable<RunRecord['first_call']>;

const fc = {
  outcome: 'passed',
  duration: 0.012,
  time_start: [1_700_000_000, 0],
  check_log: [{ status: 'fail', op_idx: 1, text: 'cause <31>' }],
  trace_log: [],
  messages: [
    { direction: 'sent', name: 'InitialDP', protocol: 'tcap', peer: 'scp-1', op_idx: 0, step: 0, time: [1_700_000_000, 1000], fields: { serviceKey: 7 }, hex: '0041ff' },
    { direction: 'received', name: 'RequestReportBCSMEvent', protocol: 'tcap', peer: 'scp-1', op_idx: 1, step: 1, time: [1_700_000_000, 4000] },
    { direction: 'received', name: '<Connect>', protocol: 'tcap', op_idx: 2, step: 1, time: [1_700_000_000, 4000] },
    { direction: 'sent', name: 'CCR', protocol: 'diameter', peer: 'ocs', op_idx: 3, step: 2, time: [1_700_000_000, 9000] },
  ],
} as unknown as FirstCall;

test('one <details> per message in order, names as text and escaped; lanes: the tester and each peer once', () => {
  const html = ladderHtml(fc);
  const names = [...html.matchAll(/<details class="msg" data-index="(\d+)" data-name="([^"]*)"/g)].map((m) => [Number(m[1]), m[2]]);
  assert.deepEqual(names, [[0, 'InitialDP'], [1, 'RequestReportBCSMEvent'], [2, '&lt;Connect&gt;'], [3, 'CCR']]);
  assert.doesNotMatch(html, /<Connect>|cause <31>/);
  const lanes = [...html.matchAll(/<text x="\d+" y="20" text-anchor="middle">([^<]*)<\/text>/g)].map((m) => m[1]);
  assert.deepEqual(lanes, ['tester', 'scp-1', 'ocs'], 'the component without a peer is drawn on scp-1\'s lifeline, not a lane of its own');
  assert.match(html, /0000  00 41 ff/, 'the bytes as a hex dump');
  assert.match(html, /Checks of the first instance[\s\S]*cause &lt;31&gt;/);
  assert.match(html, /<span class="t">4\.0 ms<\/span>/, 'the time since the instance started');
});

test('no style attribute, no <style> or <script> element: classes only, the style sheet apart', () => {
  const html = ladderHtml(fc);
  assert.doesNotMatch(html, /\sstyle=|<style|<script/i);
  for (const cls of ['ladder-defs', 'ladder', 'lanehead', 'life', 'detail']) assert.ok(html.includes(`class="${cls}"`) || html.includes(`class="${cls} `), cls);
  assert.match(LADDER_CSS, /\.ladder-defs\{position:absolute\}/);
});

test('a record without a first call, and one whose first call recorded no message, say so', () => {
  assert.match(ladderHtml(undefined), /No detailed record/);
  const empty = ladderHtml({ ...fc, messages: [] });
  assert.match(empty, /0 messages \(the run recorded none/);
  assert.doesNotMatch(empty, /class="ladder"/);
});

test('parallel legs side by side: a tester lifeline per leg, a line where the flow changes, the leg on each row and check', () => {
  const legs = {
    ...fc,
    check_log: [{ status: 'fail', op_idx: 0, text: 'no credit', leg: 'charge', flow: 'ccr' }],
    messages: [
      { direction: 'sent', name: 'InitialDP', protocol: 'tcap', peer: 'scp-1', op_idx: 0, step: 0, time: [1_700_000_000, 1000], leg: 'call', flow: 'idp' },
      { direction: 'sent', name: 'CCR', protocol: 'diameter', peer: 'ocs', op_idx: 0, step: 0, time: [1_700_000_000, 2000], leg: 'charge', flow: 'ccr' },
      { direction: 'received', name: 'CCA', protocol: 'diameter', peer: 'ocs', op_idx: 0, step: 1, time: [1_700_000_000, 3000], leg: 'charge', flow: 'ccr' },
    ],
  } as unknown as FirstCall;
  const html = ladderHtml(legs);
  const lanes = [...html.matchAll(/<text x="\d+" y="20" text-anchor="middle">([^<]*)<\/text>/g)].map((m) => m[1]);
  assert.deepEqual(lanes, ['tester · leg call', 'tester · leg charge', 'scp-1', 'ocs'], 'no lane of the tester outside the legs: every message is in one');
  assert.deepEqual([...html.matchAll(/<div class="flowmark">([^<]*)<\/div>/g)].map((m) => m[1]), ['leg call: flow idp', 'leg charge: flow ccr']);
  assert.deepEqual([...html.matchAll(/data-leg="([^"]*)"/g)].map((m) => m[1]), ['call', 'charge', 'charge']);
  // the CCR leaves the charge leg's lifeline (the second), not the call's
  const ccr = html.slice(html.indexOf('data-name="CCR"'));
  const x = (lane: number) => [...html.matchAll(/<text x="(\d+)" y="20"/g)][lane]![1];
  assert.match(ccr, new RegExp(`<line class="sent" x1="${x(1)}"`));
  assert.match(html, /<td>0 leg charge<\/td><td>no credit<\/td>/);
});

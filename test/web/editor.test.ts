// The definition editor in a real browser (docs/web.md "The client"): an InitialDP → ReleaseCall composed through
// the forms, run against the reference SCP (scp-sim on its own sigtran gateway) until it completes; an invalid
// definition shows its problem at the field (steps view) and at its line (JSON view) with the message `tester
// validate` gives, and cannot start; steps are reordered with the keyboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { needsChromium } from '../helpers/browser.js';
import { startStack, type Stack } from '../plugins/inap/helpers/stack.js';
import { addStep, control, openClient, setArgument, type Client } from './editor-stack.js';

const root = join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'tester-web-editor-'));
let st: Stack;
let client: Client;

before(async () => {
  if (needsChromium().skip) return;
  st = await startStack(JSON.parse(readFileSync(join(root, 'examples/inap/scp-sim.json'), 'utf8')), { serviceOptions: { dataDir } });
  client = await openClient(st.svc);
});
after(async () => {
  await client?.close();
  await st?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('InitialDP → ReleaseCall composed in the forms runs against scp-sim and completes passed', needsChromium(), async () => {
  const { page } = client;
  await client.fresh('editor');
  await addStep(page, 'inap.ssp_to_scp.InitialDP');
  await addStep(page, 'inap.ssp_from_scp.ReleaseCall');
  await setArgument(page, 0, 'serviceKey', '100');
  await setArgument(page, 0, 'calledPartyNumber_digits', '0800123456');
  await setArgument(page, 1, 'initialCallSegment_cause', '16');
  await page.locator('.op-card').nth(1).getByRole('button', { name: 'Add test' }).click();
  await page.fill(control('operations[1].tests[0].kpath'), 'initialCallSegment_cause');
  await page.selectOption(control('operations[1].tests[0].type'), { label: 'integer' });
  await page.waitForSelector('.problems-none');
  // the JSON view shows what the forms made
  await page.getByRole('button', { name: 'JSON' }).click();
  const json = JSON.parse((await page.locator('.cm-content').innerText()).replace(/\u00a0/g, ' '));
  assert.deepEqual(json.operations[0], { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 100, calledPartyNumber_digits: '0800123456' } });
  assert.deepEqual(json.operations[1].tests, [{ kpath: 'initialCallSegment_cause', type: 'integer' }]);
  await page.getByRole('button', { name: 'Start once' }).click();
  await page.waitForURL(/#\/runs\/run-/);
  await page.waitForSelector('.run-state[data-state=completed]', { timeout: 30_000 });
  assert.equal(await page.locator('[data-count=passed]').innerText(), '1');
  assert.equal(await page.locator('[data-count=failed]').innerText(), '0');
  assert.match((await page.locator('.live-run').getByRole('link', { name: 'Results' }).getAttribute('href')) ?? '', /^#\/results\/run-/);
  assert.deepEqual(client.errors, []);
});

test('an INAP enumeration is a choice of its named values with their numbers (DescribeOperations x-enum)', needsChromium(), async () => {
  const { page } = client;
  await client.fresh('editor');
  await addStep(page, 'inap.ssp_to_scp.InitialDP');
  const card = page.locator('.op-card').nth(0);
  await card.getByLabel('Add field').selectOption('eventTypeBCSM');
  await card.getByRole('button', { name: 'Add', exact: true }).click();
  const select = card.locator("select[data-path='operations[0].arguments.eventTypeBCSM']");
  const labels = await select.locator('option').allInnerTexts();
  assert.ok(labels.includes('collectedInfo (2)') && labels.includes('analyzedInformation (3)'), labels.join(', '));
  await select.selectOption({ label: 'collectedInfo (2)' });
  await page.getByRole('button', { name: 'JSON' }).click();
  const json = JSON.parse((await page.locator('.cm-content').innerText()).replace(/\u00a0/g, ' '));
  assert.equal(json.operations[0].arguments.eventTypeBCSM, 2);
  await page.getByRole('button', { name: 'Steps' }).click();
  assert.deepEqual(client.errors, []);
});

test('an invalid definition shows its problem at the field and at its line, and cannot start', needsChromium(), async () => {
  const { page } = client;
  await client.fresh('editor');
  await addStep(page, 'inap.ssp_to_scp.InitialDP');
  await setArgument(page, 0, 'serviceKey', 'one hundred');
  const input = page.locator(control('operations[0].arguments.serviceKey'));
  // the form: the field is marked and says what `tester validate` says
  assert.equal(await page.locator(".field[data-path='operations[0].arguments.serviceKey'] .field-error").innerText(), 'must be integer');
  assert.equal(await input.getAttribute('aria-invalid'), 'true');
  assert.match(await page.locator('.problems').innerText(), /operations\[0\]\.arguments\.serviceKey.*must be integer/s);
  assert.equal(await page.getByRole('button', { name: 'Start once' }).isDisabled(), true);
  // an expression is accepted where the schema takes an integer (it is evaluated per instance)
  await input.fill('{ 100 + $n }');
  await page.waitForSelector('.problems-none');
  assert.equal(await page.getByRole('button', { name: 'Start once' }).isDisabled(), false);
  // the JSON view: an unknown field, underlined at its line, named with the nearest fields
  await page.getByRole('button', { name: 'JSON' }).click();
  assert.match(await page.locator('.cm-content').innerText(), /"serviceKey": "\{ 100 \+ \$n \}"/);
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(JSON.stringify({ operations: [{ type: 'inap.ssp_to_scp.InitialDP', arguments: { servicekey: 100 } }] }, null, 2));
  await page.waitForSelector('.cm-lintRange-error');
  assert.match(await page.locator('.problems').innerText(), /operations\[0\]\.arguments\.servicekey.*is not a known field \(did you mean serviceKey/s);
  assert.equal(await page.getByRole('button', { name: 'Start once' }).isDisabled(), true);
  // a syntax error: the text is kept, the start refused
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(',');
  await page.waitForSelector('text=The JSON does not parse');
  assert.equal(await page.getByRole('button', { name: 'Start once' }).isDisabled(), true);
  await page.keyboard.press('Backspace');
  // back in the steps view the unknown field has a row of its own, with its problem
  await page.getByRole('button', { name: 'Steps' }).click();
  assert.match(await page.locator(".field[data-path='operations[0].arguments.servicekey'] .field-error").innerText(), /is not a known field/);
  assert.deepEqual(client.errors, []);
});

test('steps are moved, duplicated and deleted with the keyboard', needsChromium(), async () => {
  const { page } = client;
  await client.fresh('editor');
  await addStep(page, 'comment');
  await addStep(page, 'wait');
  const types = () => page.locator('.op-card h3 .mono').allInnerTexts();
  await page.getByRole('button', { name: 'Move step 2 up' }).focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await types(), ['wait', 'comment']);
  // the focus followed the step: Enter again moves it back down
  await page.keyboard.press('Enter');
  assert.deepEqual(await types(), ['comment', 'wait']);
  await page.getByRole('button', { name: 'Duplicate step 1' }).press('Enter');
  assert.deepEqual(await types(), ['comment', 'comment', 'wait']);
  await page.getByRole('button', { name: 'Delete step 3' }).press('Enter');
  assert.deepEqual(await types(), ['comment', 'comment']);
});

test('the JSON view completes field names and values from the schema at the cursor', needsChromium(), async () => {
  const { page } = client;
  await client.fresh('editor');
  await page.getByRole('button', { name: 'JSON' }).click();
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText('{"operations": [{"type": "inap.ssp_to_scp.InitialDP", "arguments": {"servi');
  await page.keyboard.press('Control+Space');
  const labels = page.locator('.cm-tooltip-autocomplete .cm-completionLabel');
  await labels.first().waitFor();
  assert.ok((await labels.allInnerTexts()).includes('"serviceKey"'), (await labels.allInnerTexts()).join(' '));
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText('{"distribution": {"type": ');
  await page.keyboard.press('Control+Space');
  // the list of the first completion may still be open: wait for the new one (the assertion below judges it)
  await labels.filter({ hasText: '"linear"' }).first().waitFor().catch(() => undefined);
  assert.deepEqual((await labels.allInnerTexts()).sort(), ['"linear"', '"load"', '"single"']);
});

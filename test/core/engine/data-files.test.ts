// core/engine/data-files.ts and data-store.ts: CSV files read into a compact store (cells' text and offsets), the
// slice-at-a-time preload the service uses, the cache, the path rule.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { dataFilePath, loadDataFile, preloadDataFile } from '../../../core/engine/data-files.js';

let dir: string;
const ROWS = 20_000;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'tester-data-files-'));
  mkdirSync(join(dir, 'data'));
  const lines = ['msisdn,imsi,credit,name'];
  for (let i = 0; i < ROWS; i++) lines.push(`0211${String(i).padStart(7, '0')},26201${String(i).padStart(10, '0')},${i % 1000},"sub ${i}, ü"`);
  writeFileSync(join(dir, 'data', 'big.csv'), lines.join('\r\n') + '\r\n');
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('a CSV file is held in at most 1.5x its size, and its rows read back as written (typed, quoted, UTF-8)', () => {
  const path = dataFilePath(dir, 'big.csv');
  const store = loadDataFile(path, 'big.csv', { credit: 'integer' }, ',');
  assert.equal(store.rows, ROWS);
  assert.ok(store.bytes <= 1.5 * statSync(path).size, `${store.bytes} bytes for a file of ${statSync(path).size}`);
  assert.deepEqual(store.row(12345), { msisdn: '02110012345', imsi: '262010000012345', credit: 345, name: 'sub 12345, ü' });
  assert.deepEqual(store.row(0), { msisdn: '02110000000', imsi: '262010000000000', credit: 0, name: 'sub 0, ü' });
  assert.notEqual(store.row(1), store.row(1), 'each instance gets its own object');
});

test('preload reads the file a slice at a time (the event loop turns meanwhile) into the cache loadDataFile reads', async () => {
  const path = dataFilePath(dir, 'big.csv');
  let turns = 0;
  const ticker = setInterval(() => turns++, 0);
  const a = await preloadDataFile(dir, 'big.csv', { credit: 'number' }, ',');
  clearInterval(ticker);
  assert.ok(turns > 0, 'timers ran during the preload');
  assert.ok(a);
  assert.equal(loadDataFile(path, 'big.csv', { credit: 'number' }, ','), a, 'loadDataFile finds the preloaded store');
  assert.equal(a.rows, ROWS);
  assert.deepEqual(a.row(7), { msisdn: '02110000007', imsi: '262010000000007', credit: 7, name: 'sub 7, ü' });
});

test('the path rule: relative plain segments inside data/', () => {
  for (const bad of ['../x.csv', 'a/../../x.csv', './x.csv', '/etc/passwd', 'a//b.csv', '']) assert.throws(() => dataFilePath(dir, bad), /not a data file name/, bad);
  assert.throws(() => dataFilePath(undefined, 'big.csv'), /no data directory/);
  assert.throws(() => dataFilePath(dir, 'missing.csv'), /no file 'missing\.csv'/);
});

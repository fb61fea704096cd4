import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectTls } from '../../../sdk/net/tls.js';

test('connectTls reads PEM files at boot and keeps inline PEM text', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tls-'));
  writeFileSync(join(dir, 'ca.pem'), 'CA-PEM');
  assert.deepEqual(connectTls({ ca_file: join(dir, 'ca.pem'), cert: 'CERT', reject_unauthorized: false, servername: 'x' }), {
    ca: 'CA-PEM',
    cert: 'CERT',
    rejectUnauthorized: false,
    servername: 'x',
  });
  assert.deepEqual(connectTls(undefined), {});
});

test('a missing file is an error naming the file and its owner', () => {
  assert.throws(() => connectTls({ key_file: '/nonexistent/key.pem' }, 'db instance SMF: '), /^Error: db instance SMF: cannot read TLS key file \/nonexistent\/key\.pem/);
});

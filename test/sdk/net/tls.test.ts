import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectTls, tlsSchema, type TlsOptions } from '../../../sdk/net/tls.js';
import { assertSameSchema, assertSameVerdicts, referenceTlsSchema } from '../../helpers/option-schemas.js';

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

test('tlsSchema, declared with TypeBox, is the hand-written schema it replaced and gives the same verdicts', () => {
  assertSameSchema(tlsSchema, referenceTlsSchema);
  const good = [{}, { ca: 'PEM', cert_file: '/c.pem', key_file: '/k.pem', reject_unauthorized: false, servername: 'db.lab' }, { reject_unauthorized: 'false' }];
  const bad = [{ ca: {} }, { reject_unauthorized: 'no' }, { cafile: '/x' }, 'yes'];
  assertSameVerdicts(tlsSchema, referenceTlsSchema, good, bad);
  const typed: TlsOptions = { ca_file: '/ca.pem', reject_unauthorized: true };
  // @ts-expect-error the type is the schema's: reject_unauthorized is a boolean
  const wrong: TlsOptions = { reject_unauthorized: 'yes' };
  void [typed, wrong];
});

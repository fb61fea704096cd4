// contexts.ts: the SMS and GPRS contexts select their variants, and an SMS or GPRS opener's Begin names its own
// context unless the role's ssp_ac is one of them (openingAc).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openingAc, variantOfAc } from '../../../plugins/inap/contexts.js';

test('the SMS and GPRS contexts select CAP v3 / v4', () => {
  assert.equal(variantOfAc('0.4.0.0.1.21.3.61'), 'camel3', 'capssf-scfSMS (CAP v3)');
  assert.equal(variantOfAc('0.4.0.0.1.23.3.61'), 'camel4', 'CAP v4 SMS');
  assert.equal(variantOfAc('0.4.0.0.1.21.3.50'), 'camel3', 'gprsSSF to gsmSCF');
  assert.equal(variantOfAc('0.4.0.0.1.21.3.51'), 'camel3', 'gsmSCF to gprsSSF');
});

test('openingAc: the role\'s AC for call control; for SMS / GPRS only one of their own', () => {
  const sms = ['camel3_sms', 'camel4_sms'];
  assert.equal(openingAc(undefined, 'camel3'), 'camel3');
  assert.equal(openingAc(undefined, undefined), undefined);
  assert.equal(openingAc(sms, undefined), 'camel3_sms');
  assert.equal(openingAc(sms, 'camel3'), 'camel3_sms', 'a call test\'s ssp_ac does not apply to SMS');
  assert.equal(openingAc(sms, 'camel4_sms'), 'camel4_sms');
  assert.equal(openingAc(sms, 'cap4_sms'), 'cap4_sms', 'by alias');
  assert.equal(openingAc(sms, '0.4.0.0.1.23.3.61'), '0.4.0.0.1.23.3.61', 'by dotted OID');
  assert.equal(openingAc(['camel3_gprs'], 'camel4'), 'camel3_gprs');
  assert.equal(openingAc(['camel3_gprs'], 'no such context'), 'camel3_gprs');
});

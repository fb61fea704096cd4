import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { buildEnvelope, EnvelopeError, escapeXml } from '../../../../plugins/osd/soap/envelope.js';

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml);

describe('osd SOAP envelope', () => {
  test('document/literal body in the target namespace; values escaped; well-formed', () => {
    const xml = buildEnvelope('SetBalance', { msisdn: '0211', balance: 7, note: `a & b <c> "d" 'e'` }, { namespace: 'urn:x', qualified: true });
    assert.equal(XMLValidator.validate(xml), true);
    const doc = parse(xml);
    const op = doc['soapenv:Envelope']['soapenv:Body']['osd:SetBalance'];
    assert.equal(op['osd:msisdn'], '0211');
    assert.equal(op['osd:balance'], '7');
    assert.equal(op['osd:note'], `a & b <c> "d" 'e'`);
    assert.equal(doc['soapenv:Envelope']['@_xmlns:osd'], 'urn:x');
  });

  test('a value cannot inject elements', () => {
    const xml = buildEnvelope('GetBalance', { msisdn: '</osd:msisdn><osd:admin>1</osd:admin><osd:msisdn>' }, { namespace: 'urn:x', qualified: true });
    const op = parse(xml)['soapenv:Envelope']['soapenv:Body']['osd:GetBalance'];
    assert.deepEqual(Object.keys(op), ['osd:msisdn']);
  });

  test('nested objects, repeated arrays, xsi:nil for null, unqualified children', () => {
    const xml = buildEnvelope('Op', { a: { b: 1, c: [2, 3] }, d: null }, { namespace: 'urn:x', qualified: false });
    assert.match(xml, /<osd:Op><a><b>1<\/b><c>2<\/c><c>3<\/c><\/a><d xsi:nil="true"\/><\/osd:Op>/);
  });

  test('WS-Security UsernameToken header with escaped credentials', () => {
    const xml = buildEnvelope('Op', {}, { namespace: 'urn:x', qualified: true, wsse: { username: 'u&1', password: 'p<2' } });
    assert.equal(XMLValidator.validate(xml), true);
    assert.match(xml, /<wsse:Username>u&amp;1<\/wsse:Username>/);
    assert.match(xml, /PasswordText">p&lt;2<\/wsse:Password>/);
  });

  test('bad names and characters XML cannot carry are refused', () => {
    assert.throws(() => buildEnvelope('Bad Op', {}, { namespace: 'urn:x', qualified: true }), EnvelopeError);
    assert.throws(() => buildEnvelope('Op', { 'x:y': 1 }, { namespace: 'urn:x', qualified: true }), /parameters\.x:y/);
    assert.throws(() => buildEnvelope('Op', { a: { '1b': 1 } }, { namespace: 'urn:x', qualified: true }), /parameters\.a\.1b/);
    assert.throws(() => escapeXml('a\u0001b'), /character XML cannot carry/);
  });
});

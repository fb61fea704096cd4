import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSoapResponse, SoapParseError } from '../../../../plugins/osd/soap/response.js';

const env = (body: string, ns = 'http://schemas.xmlsoap.org/soap/envelope/') => `<?xml version="1.0"?><s:Envelope xmlns:s="${ns}"><s:Header/><s:Body>${body}</s:Body></s:Envelope>`;

describe('osd SOAP response parsing', () => {
  test('the response element becomes returned, texts kept as strings, prefixes dropped', () => {
    const r = parseSoapResponse(env('<r:GetBalanceResponse xmlns:r="urn:x"><r:msisdn>0211</r:msisdn><r:balance xsi:type="xsd:int">1500</r:balance><r:items><r:i>1</r:i><r:i>2</r:i></r:items><r:empty/></r:GetBalanceResponse>'));
    assert.deepEqual(r, { kind: 'response', name: 'GetBalanceResponse', returned: { msisdn: '0211', balance: '1500', items: { i: ['1', '2'] }, empty: '' } });
  });

  test('SOAP 1.1 and 1.2 faults', () => {
    assert.deepEqual(parseSoapResponse(env('<s:Fault><faultcode>s:Client</faultcode><faultstring>No such subscriber</faultstring><faultactor>osd</faultactor><detail><cause>1</cause></detail></s:Fault>')), {
      kind: 'fault',
      fault: { code: 's:Client', string: 'No such subscriber', actor: 'osd', detail: { cause: '1' } },
    });
    const f12 = parseSoapResponse(env('<s:Fault><s:Code><s:Value>s:Sender</s:Value></s:Code><s:Reason><s:Text xml:lang="en">bad</s:Text></s:Reason></s:Fault>', 'http://www.w3.org/2003/05/soap-envelope'));
    assert.deepEqual(f12, { kind: 'fault', fault: { code: 's:Sender', string: 'bad' } });
  });

  test('an empty Body is an empty response', () => {
    assert.deepEqual(parseSoapResponse(env('')), { kind: 'response', name: '', returned: {} });
  });

  test('malformed XML, HTML, no Body and an empty answer are SoapParseErrors with a reason', () => {
    assert.throws(() => parseSoapResponse(env('<Unclosed>')), (e: unknown) => e instanceof SoapParseError && /malformed XML at line 1/.test(e.message));
    assert.throws(() => parseSoapResponse('<html><body>down</body></html>'), /not a SOAP envelope \(root element: html\)/);
    assert.throws(() => parseSoapResponse('<s:Envelope xmlns:s="x"><s:Header/></s:Envelope>'), /no Body/);
    assert.throws(() => parseSoapResponse('  '), /empty response body/);
    assert.throws(() => parseSoapResponse('not xml at all'), SoapParseError);
  });
});

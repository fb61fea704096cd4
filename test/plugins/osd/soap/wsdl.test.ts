import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseWsdl, WsdlError } from '../../../../plugins/osd/soap/wsdl.js';
import { WSDL_PATH } from '../../../fixtures/osd/soap-server.js';

describe('osd WSDL reading', () => {
  test('document/literal: namespace and element form of each request element, soapAction per operation', () => {
    const w = parseWsdl(readFileSync(WSDL_PATH, 'utf8'));
    assert.equal(w.targetNamespace, 'urn:tester:osd:demo');
    assert.equal(w.style, 'document');
    assert.deepEqual(w.operations.get('GetBalance'), { namespace: 'urn:tester:osd:demo', qualified: true, action: 'urn:tester:osd:demo/GetBalance' });
    assert.deepEqual(w.operations.get('SetBalance'), { namespace: 'urn:tester:osd:demo', qualified: true, action: 'urn:tester:osd:demo/SetBalance' });
  });

  test('rpc/literal: the soap:body namespace, unqualified parts; an unqualified schema', () => {
    const xml = `<?xml version="1.0"?>
<wsdl:definitions targetNamespace="urn:defs" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="urn:defs" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <wsdl:types><xs:schema targetNamespace="urn:types"><xs:element name="Ping"/></xs:schema></wsdl:types>
  <wsdl:message name="PingIn"><wsdl:part name="msisdn" type="xs:string"/></wsdl:message>
  <wsdl:portType name="P"><wsdl:operation name="Ping"><wsdl:input message="tns:PingIn"/></wsdl:operation></wsdl:portType>
  <wsdl:binding name="B" type="tns:P"><soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
    <wsdl:operation name="Ping"><soap:operation soapAction="Ping"/><wsdl:input><soap:body use="literal" namespace="urn:rpc"/></wsdl:input></wsdl:operation>
  </wsdl:binding>
</wsdl:definitions>`;
    const w = parseWsdl(xml);
    assert.equal(w.style, 'rpc');
    assert.deepEqual(w.operations.get('Ping'), { namespace: 'urn:rpc', qualified: false, action: 'Ping' });
    assert.deepEqual(w.fallback, { namespace: 'urn:defs', qualified: false, action: undefined });
  });

  test('a document that is not a WSDL is a WsdlError', () => {
    assert.throws(() => parseWsdl('<html/>'), (e: unknown) => e instanceof WsdlError && /not a WSDL 1\.1 document \(root: html\)/.test(e.message));
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dictionary } from '../../../../plugins/diameter/dictionary/dictionary.js';
import { DiameterPeer } from '../../../../plugins/diameter/peer/peer.js';
import { peerConfig } from '../../../../plugins/diameter/peer/config.js';
import { buildAnswerAvps, buildRequestAvps, resolveCommand } from '../../../../plugins/diameter/runtime/build.js';
import { encodeAvps, readAvps } from '../../../../plugins/diameter/codec/avp.js';
import { decodeView, toObject, ItemError } from '../../../../plugins/diameter/codec/view.js';

const dict = new Dictionary();
const peer = new DiameterPeer(peerConfig({ name: 'P', origin_host: 'tester.test', origin_realm: 'test', destination_host: 'ocs.test', applications: ['credit-control', 'sh'] }), dict);
const view = (nodes: Parameters<typeof encodeAvps>[0]) => {
  const b = encodeAvps(nodes);
  return decodeView(dict, readAvps(b, 0, b.length), []);
};

describe('building requests and answers from arguments', () => {
  test('CCR: Session-Id first, then the node\'s AVPs, then the given ones in order', () => {
    const cmd = resolveCommand(dict, 'CCR', undefined, 'arguments');
    const b = buildRequestAvps(dict, peer, cmd, 4, [
      { name: 'CC-Request-Type', value: 'INITIAL_REQUEST' }, { name: 'Session-Id_auto', value: 'x' }, { name: 'CC-Request-Number', value: 0 },
    ], true, 'avps');
    assert.match(b.sessionId!, /^tester\.test;\d+;\d+;x$/);
    assert.deepEqual(view(b.nodes).map((a) => a.name), [
      'Session-Id', 'Origin-Host', 'Origin-Realm', 'Destination-Realm', 'Destination-Host', 'Auth-Application-Id', 'CC-Request-Type', 'CC-Request-Number',
    ]);
    assert.equal(toObject(view(b.nodes))['Destination-Realm'], 'test', 'no CEA yet: our own realm');
  });

  test('given AVPs replace the node\'s, null removes them, an explicit Session-Id moves to the front', () => {
    const cmd = resolveCommand(dict, 'Credit-Control', undefined, 'arguments');
    const b = buildRequestAvps(dict, peer, cmd, 4, [
      { name: 'Origin-Host', value: 'other.test' }, { name: 'Destination-Host', value: null }, { name: 'Auth-Application-Id', value: null },
      { name: 'Session-Id', value: 'a;b;c' },
    ], true, 'avps');
    assert.equal(b.sessionId, 'a;b;c');
    assert.deepEqual(view(b.nodes).map((a) => [a.name, a.value]), [
      ['Session-Id', 'a;b;c'], ['Origin-Realm', 'test'], ['Destination-Realm', 'test'], ['Origin-Host', 'other.test'],
    ]);
  });

  test('without auto_avps only the given AVPs are sent', () => {
    const b = buildRequestAvps(dict, peer, resolveCommand(dict, 'CCR', undefined, 'a'), 4, [{ name: 'CC-Time', value: 1 }], false, 'avps');
    assert.deepEqual(view(b.nodes).map((a) => a.name), ['CC-Time']);
  });

  test('a vendor application gets Vendor-Specific-Application-Id and Auth-Session-State; accounting gets Acct-Application-Id', () => {
    const udr = buildRequestAvps(dict, peer, resolveCommand(dict, 'UDR', undefined, 'a'), 16777217, [], true, 'avps');
    assert.deepEqual(toObject(view(udr.nodes))['Vendor-Specific-Application-Id'], { 'Vendor-Id': 10415, 'Auth-Application-Id': 16777217 });
    assert.equal(toObject(view(udr.nodes))['Auth-Session-State'], 1);
    const acr = buildRequestAvps(dict, peer, resolveCommand(dict, 'ACR', undefined, 'a'), 3, [], true, 'avps');
    assert.equal(toObject(view(acr.nodes))['Acct-Application-Id'], 3);
    const dwr = buildRequestAvps(dict, peer, resolveCommand(dict, 'DWR', undefined, 'a'), 0, [], true, 'avps');
    assert.deepEqual(view(dwr.nodes).map((a) => a.name), ['Origin-Host', 'Origin-Realm']);
  });

  test('errors name the original position of the item', () => {
    assert.throws(() => buildRequestAvps(dict, peer, resolveCommand(dict, 'CCR', undefined, 'a'), 4, [
      { name: 'Session-Id_auto' }, { name: 'Origin-Host', value: null }, { name: 'CC-Time', value: 'lots' },
    ], true, 'arguments.avps'), (e: unknown) => e instanceof ItemError && e.path === 'arguments.avps[2].value');
    assert.throws(() => resolveCommand(dict, 'Nonsense', undefined, 'arguments'), /unknown Diameter command 'Nonsense'/);
    assert.equal(resolveCommand(dict, undefined, 9999, 'arguments').requestName, 'Command-9999-Request');
  });

  test('answers: Session-Id of the request, Result-Code, identity, then the given AVPs; null removes', () => {
    const nodes = buildAnswerAvps(dict, peer, Buffer.from('s;1;2'), 2001, [{ name: 'Error-Message', value: 'ok' }, { name: 'Origin-Realm', value: null }], 'answer_avps');
    assert.deepEqual(view(nodes).map((a) => [a.name, a.value]), [['Session-Id', 's;1;2'], ['Result-Code', 2001], ['Origin-Host', 'tester.test'], ['Error-Message', 'ok']]);
  });
});

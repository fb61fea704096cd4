// bench/freediameter/peer.ts: the fd.conf it writes (the daemon itself runs in the interop tests:
// test/plugins/diameter/freediameter.test.ts, test/plugins/capture/freediameter.test.ts, and in the bench).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fdConf } from '../../../bench/freediameter/peer.js';

const base = { connectTo: { host: '127.0.0.1', port: 3999 }, peerIdentity: 'tester.localdomain' };
const lines = (conf: string) => conf.split('\n').filter(Boolean);

test('connect-out: no listening port, one ConnectPeer to the tester without TLS, the credit-control dictionaries, then the extension', () => {
  const l = lines(fdConf(base, 'ocs.localdomain', '/w/tester_ocs.fdx'));
  assert.ok(l.includes('Identity = "ocs.localdomain";'));
  assert.ok(l.includes('Realm = "localdomain";'));
  assert.ok(l.includes('Port = 0;') && l.includes('SecPort = 0;') && l.includes('No_SCTP;'));
  assert.deepEqual(l.filter((x) => x.startsWith('ConnectPeer')), ['ConnectPeer = "tester.localdomain" { ConnectTo = "127.0.0.1"; Port = 3999; No_TLS; };']);
  assert.deepEqual(l.filter((x) => x.startsWith('LoadExtension')).map((x) => /"([^"]+)"/.exec(x)![1]!.replace(/^.*\//, '')), ['dict_nasreq.fdx', 'dict_dcca.fdx', 'dict_dcca_3gpp.fdx', 'tester_ocs.fdx']);
});

test('AppServThreads only when asked (freeDiameter keeps its default of 4 otherwise); the timers as given', () => {
  assert.ok(!fdConf(base, 'ocs.localdomain', '/w/x.fdx').includes('AppServThreads'));
  const l = lines(fdConf({ ...base, appServThreads: 2, twTimer: 30, tcTimer: 2 }, 'ocs.localdomain', '/w/x.fdx'));
  assert.ok(l.includes('AppServThreads = 2;'));
  assert.ok(l.includes('TwTimer = 30;') && l.includes('TcTimer = 2;'));
});

test('another extension gets its configuration string', () => {
  const l = lines(fdConf({ ...base, extension: { source: '/s/tester_client.c', conf: 'ocs.localdomain;localdomain' } }, 'client.localdomain', '/w/tester_client.fdx'));
  assert.equal(l.at(-1), 'LoadExtension = "/w/tester_client.fdx" : "ocs.localdomain;localdomain";');
});

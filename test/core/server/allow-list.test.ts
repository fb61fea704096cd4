// core/server/allow-list.ts: addresses and subnets, IPv4 and IPv6, IPv4-mapped clients, and bad rules named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { AllowList } from '../../../core/server/allow-list.js';
import { optionalSkip } from '../../helpers/skips.js';

test('IPv4 addresses and subnets', () => {
  const a = new AllowList(['10.0.0.0/8', '192.168.1.1', '172.16.0.0/12']);
  assert.equal(a.allows('10.255.1.2'), true);
  assert.equal(a.allows('11.0.0.1'), false);
  assert.equal(a.allows('192.168.1.1'), true);
  assert.equal(a.allows('192.168.1.2'), false);
  assert.equal(a.allows('172.31.255.255'), true);
  assert.equal(a.allows('172.32.0.0'), false);
  assert.equal(a.allows(undefined), false);
});

test('an IPv4-mapped IPv6 client address counts as its IPv4 address', () => {
  const a = new AllowList(['127.0.0.0/8']);
  assert.equal(a.allows('::ffff:127.0.0.1'), true);
  assert.equal(a.allows('::FFFF:10.0.0.1'), false);
});

test('IPv6 addresses and subnets', () => {
  const a = new AllowList(['::1', 'fd00::/8', '2001:db8:1::/48']);
  assert.equal(a.allows('::1'), true);
  assert.equal(a.allows('fd12:3456::1'), true);
  assert.equal(a.allows('fe80::1'), false);
  assert.equal(a.allows('2001:db8:1:ffff::5'), true);
  assert.equal(a.allows('2001:db8:2::5'), false);
  assert.equal(a.allows('127.0.0.1'), false, 'an IPv6-only list does not admit IPv4 clients');
});

test('a bad rule throws naming it', () => {
  for (const bad of ['10.0.0.0/33', 'fd00::/129', 'localhost', '10.0.0.0/8/1', '1.2.3', '10.0.0.0/x', '']) {
    assert.throws(() => new AllowList([bad]), (e: Error) => e.message.includes(`'${bad}'`), bad);
  }
});

test('a real IPv6 loopback connection is judged by the list', async (t) => {
  // The frame server checks socket.remoteAddress; on an IPv6 listener an IPv6 client reports '::1'.
  const srv = net.createServer((s) => s.end());
  const listened = await new Promise<boolean>((res) => {
    srv.once('error', () => res(false));
    srv.listen(0, '::1', () => res(true));
  });
  if (!listened) {
    t.skip(optionalSkip('no IPv6 loopback on this host (the address tests above still hold)'));
    return;
  }
  const port = (srv.address() as net.AddressInfo).port;
  const remote = await new Promise<string | undefined>((res) => {
    srv.once('connection', (s) => res(s.remoteAddress));
    net.connect(port, '::1').on('error', () => res(undefined));
  });
  srv.close();
  assert.equal(new AllowList(['::1/128']).allows(remote), true);
  assert.equal(new AllowList(['127.0.0.0/8']).allows(remote), false);
});

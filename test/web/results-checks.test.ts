// The results view's pure parts: the tests shown under a ladder message (the check_log entries of its operation,
// read as field and outcome).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { messageChecks } from '../../web/src/results/message-checks.js';

const t = (usec: number): [number, number] => [1_700_000_000, usec];
const firstCall = {
  index: 0,
  time_start: t(0),
  trace_log: [],
  check_log: [
    { step: 2, op_idx: 1, status: 'pass' as const, text: 'Connect.destinationRoutingAddress_digits: is "4912345678"', time: t(10) },
    { step: 2, op_idx: 1, status: 'fail' as const, text: 'test destinationRoutingAddress_noa: expected integer 99, got 4', time: t(11) },
    { step: 3, op_idx: 2, status: 'abort' as const, text: 'no ReleaseCall within 5 s', time: t(12) },
  ],
  messages: [
    { time: t(1000), step: 1, op_idx: 0, direction: 'sent' as const, protocol: 'inap', name: 'InitialDP', peer: 'SIG', hex: '0102030405', dissector: 'm3ua' },
    { time: t(2000), step: 2, op_idx: 1, direction: 'received' as const, protocol: 'inap', name: 'Connect', peer: 'SIG', hex: 'ff', dissector: 'm3ua' },
    { time: t(3000), step: 3, op_idx: 2, direction: 'received' as const, protocol: 'inap', name: 'ReleaseCall' },
  ],
};

test('a message shows the checks of its operation, each as the field it checked and what it said', () => {
  assert.deepEqual(messageChecks(firstCall, 0), [], 'no check at the InitialDP sent');
  assert.deepEqual(messageChecks(firstCall, 1), [
    { status: 'pass', field: 'destinationRoutingAddress_digits', text: 'is "4912345678"' },
    { status: 'fail', field: 'destinationRoutingAddress_noa', text: 'expected integer 99, got 4' },
  ]);
  assert.deepEqual(messageChecks(firstCall, 2), [{ status: 'abort', field: undefined, text: 'no ReleaseCall within 5 s' }], 'a check naming no field keeps its whole text');
  assert.deepEqual(messageChecks(firstCall, 9), []);
});

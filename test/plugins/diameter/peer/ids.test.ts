import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { IdGenerator, newSessionId } from '../../../../plugins/diameter/peer/ids.js';

describe('diameter identifiers', () => {
  test('hop-by-hop ids count up; end-to-end ids keep their high 12 bits and count in the low 20', () => {
    const g = new IdGenerator();
    const h = [g.nextHopByHop(), g.nextHopByHop(), g.nextHopByHop()];
    assert.equal(h[1], (h[0]! + 1) >>> 0);
    assert.equal(h[2], (h[1]! + 1) >>> 0);
    const e = Array.from({ length: 5 }, () => g.nextEndToEnd());
    const high = e[0]! & 0xfff00000;
    for (let i = 1; i < e.length; i++) {
      assert.equal(e[i]! & 0xfff00000, high);
      assert.equal(e[i]! & 0xfffff, ((e[i - 1]! & 0xfffff) + 1) & 0xfffff);
    }
  });

  test('Session-Ids: <Origin-Host>;<high>;<low>[;<suffix>], unique', () => {
    const a = newSessionId('tester.example.net');
    const b = newSessionId('tester.example.net', 'ro');
    assert.match(a, /^tester\.example\.net;\d+;\d+$/);
    assert.match(b, /^tester\.example\.net;\d+;\d+;ro$/);
    const seen = new Set(Array.from({ length: 1000 }, () => newSessionId('x')));
    assert.equal(seen.size, 1000);
  });
});

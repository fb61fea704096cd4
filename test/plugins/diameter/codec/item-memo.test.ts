import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dictionary } from '../../../../plugins/diameter/dictionary/dictionary.js';
import { ItemMemo, itemMemoOf } from '../../../../plugins/diameter/codec/item-memo.js';
import { encodeItem, ItemError, type AvpItem } from '../../../../plugins/diameter/codec/view.js';
import { encodeAvps } from '../../../../plugins/diameter/codec/avp.js';

const dict = new Dictionary();
const bytesOf = (memo: ItemMemo, items: AvpItem[]) => encodeAvps(items.map((_, i) => memo.encode(items, i, 'avps')));
const plainBytes = (items: AvpItem[]) => encodeAvps(items.map((it, i) => encodeItem(dict, it, `avps[${i}]`)));

describe('diameter item memo', () => {
  test('the bytes are those encodeItem makes, the first time and when taken again', () => {
    const memo = new ItemMemo(dict);
    const rsu = { 'CC-Total-Octets': 1000000 };
    const items: AvpItem[] = [
      { name: 'Service-Context-Id', value: '32251@3gpp.org' },
      { name: 'CC-Request-Type', value: 'INITIAL_REQUEST' },
      { name: 'CC-Request-Number', value: 0 },
      { name: 'Subscription-Id', value: { 'Subscription-Id-Type': 'END_USER_E164', 'Subscription-Id-Data': '31612345678' } },
      { name: 'Requested-Service-Unit', value: rsu },
      { name: 'Multiple-Services-Credit-Control', value: [{ name: 'Rating-Group', value: 7 }, { name: 'Used-Service-Unit', value: { 'CC-Time': 30 } }] },
      { name: 'Origin-Host', value: 'x.example', flags: '' },
      { name: 'AVP-99999', hex: '0102' },
    ];
    const want = plainBytes(items);
    assert.deepEqual(bytesOf(memo, items), want);
    assert.deepEqual(bytesOf(memo, items), want);
    // same names, other values: not the kept nodes
    const other: AvpItem[] = [{ name: 'CC-Request-Type', value: 'TERMINATION_REQUEST' }, { name: 'Requested-Service-Unit', value: { 'CC-Total-Octets': 5 } }];
    assert.deepEqual(bytesOf(memo, other), plainBytes(other));
    assert.deepEqual(bytesOf(memo, items), want);
  });

  test('a node is taken again for the same leaf value and the same Grouped value object', () => {
    const memo = new ItemMemo(dict);
    const rsu = { 'CC-Total-Octets': 1000000 };
    const a = memo.encode([{ name: 'CC-Request-Type', value: 'INITIAL_REQUEST' }], 0, 'avps');
    assert.equal(memo.encode([{ name: 'CC-Request-Type', value: 'INITIAL_REQUEST' }], 0, 'avps'), a);
    const g = memo.encode([{ name: 'Requested-Service-Unit', value: rsu }], 0, 'avps');
    assert.equal(memo.encode([{ name: 'Requested-Service-Unit', value: rsu }], 0, 'avps'), g);
    assert.notEqual(memo.encode([{ name: 'Requested-Service-Unit', value: { 'CC-Total-Octets': 1000000 } }], 0, 'avps'), g);
  });

  test("Time values ('now') are encoded every time, also inside a Grouped value", () => {
    const memo = new ItemMemo(dict);
    const t = memo.encode([{ name: 'Event-Timestamp', value: 'now' }], 0, 'avps');
    assert.notEqual(memo.encode([{ name: 'Event-Timestamp', value: 'now' }], 0, 'avps'), t);
    const group = [{ name: 'Event-Timestamp', value: 'now' }];
    const g = memo.encode([{ name: 'Service-Information', value: [{ name: 'IMS-Information', value: group }] }], 0, 'avps');
    assert.notEqual(memo.encode([{ name: 'Service-Information', value: [{ name: 'IMS-Information', value: group }] }], 0, 'avps'), g);
  });

  test('errors name the item as encodeItem does, and nothing is kept', () => {
    const memo = new ItemMemo(dict);
    assert.throws(() => memo.encode([{ name: 'CC-Request-Type', value: 'NO_SUCH' }], 0, 'arguments.avps'), (e: unknown) => e instanceof ItemError && e.path === 'arguments.avps[0].value');
    assert.throws(() => memo.encode([{ name: 'Subscription-Id', value: { 'Subscription-Id-Type': 'NOPE' } }], 0, 'arguments.avps'), (e: unknown) => e instanceof ItemError && e.path === 'arguments.avps[0].value[0].value');
    assert.throws(() => memo.encode([{ name: 'No-Such-Avp', value: 1 }], 0, 'arguments.avps'), (e: unknown) => e instanceof ItemError && e.path === 'arguments.avps[0].name');
  });

  test('one memo per dictionary', () => {
    assert.equal(itemMemoOf(dict), itemMemoOf(dict));
    assert.notEqual(itemMemoOf(new Dictionary()), itemMemoOf(dict));
  });
});

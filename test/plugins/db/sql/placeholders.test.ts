import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bindValues, checkParams, parseSql, SqlParamError } from '../../../../plugins/db/sql/placeholders.js';

describe('db sql placeholders', () => {
  test('named parameters become $n for PostgreSQL (one per name) and ? per use for SQLite', () => {
    const p = parseSql('SELECT * FROM t WHERE a = :a AND b = :b OR a2 = :a');
    assert.equal(p.style, 'named');
    assert.deepEqual(p.names, ['a', 'b']);
    assert.equal(p.pg, 'SELECT * FROM t WHERE a = $1 AND b = $2 OR a2 = $1');
    assert.equal(p.lite, 'SELECT * FROM t WHERE a = ? AND b = ? OR a2 = ?');
    assert.deepEqual(bindValues(p, { a: 1, b: 'x' }, 'pg'), [1, 'x']);
    assert.deepEqual(bindValues(p, { a: 1, b: 'x' }, 'lite'), [1, 'x', 1]);
  });

  test('positional ? parameters take an array', () => {
    const p = parseSql('INSERT INTO t (a, b) VALUES (?, ?)');
    assert.equal(p.style, 'positional');
    assert.equal(p.pg, 'INSERT INTO t (a, b) VALUES ($1, $2)');
    assert.deepEqual(bindValues(p, [5, null], 'pg'), [5, null]);
    assert.throws(() => bindValues(p, [5], 'lite'), SqlParamError);
    assert.throws(() => bindValues(p, { a: 1 }, 'lite'), /give params as an array/);
  });

  test('strings, quoted identifiers, comments, casts and dollar quotes are not parameters', () => {
    const sql = `SELECT ':x', "a:b", 'it''s :y', E'\\' :z', v::int, $$ :w ? $$, $t$ :q $t$ -- :c ?\n/* :d ? */ FROM t WHERE k = :k`;
    const p = parseSql(sql);
    assert.deepEqual(p.names, ['k']);
    assert.ok(p.pg.endsWith('WHERE k = $1'));
    assert.ok(p.pg.includes("'it''s :y'") && p.pg.includes('v::int') && p.pg.includes('$$ :w ? $$'));
  });

  test('PostgreSQL $n parameters take an array; SQLite gets one ? per use', () => {
    const p = parseSql('SELECT * FROM t WHERE a = $2 AND b = $1 OR c = $2');
    assert.equal(p.style, 'positional');
    assert.equal(p.positional, 2);
    assert.equal(p.pg, 'SELECT * FROM t WHERE a = $2 AND b = $1 OR c = $2');
    assert.equal(p.lite, 'SELECT * FROM t WHERE a = ? AND b = ? OR c = ?');
    assert.deepEqual(bindValues(p, ['x', 'y'], 'pg'), ['x', 'y']);
    assert.deepEqual(bindValues(p, ['x', 'y'], 'lite'), ['y', 'x', 'y']);
    assert.match(checkParams(p, ['x'])!, /2 positional/);
    // dollar quotes are not parameters, and a ? beside $n is left alone
    const q = parseSql("SELECT $$ $1 $$, doc ? 'k', $1x, $1");
    assert.equal(q.positional, 1);
    assert.equal(q.lite, "SELECT $$ $1 $$, doc ? 'k', $1x, ?");
  });

  test('with named parameters a ? is left alone (jsonb operator)', () => {
    const p = parseSql("SELECT doc ? 'key' FROM t WHERE id = :id");
    assert.equal(p.pg, "SELECT doc ? 'key' FROM t WHERE id = $1");
  });

  test('checkParams names what is missing or unknown', () => {
    const p = parseSql('SELECT :a, :b');
    assert.match(checkParams(p, { a: 1 })!, /no value for :b/);
    assert.match(checkParams(p, { a: 1, b: 2, c: 3 })!, /no parameter :c/);
    assert.equal(checkParams(p, { a: 1, b: 2 }), undefined);
    assert.match(checkParams(parseSql('SELECT 1'), [1])!, /no parameters/);
    assert.equal(checkParams(parseSql('SELECT 1'), undefined), undefined);
  });

  test('values are bound, never spliced: a hostile value stays out of the text', () => {
    const p = parseSql('SELECT * FROM t WHERE name = :name');
    const values = bindValues(p, { name: "x'; DROP TABLE t; --" }, 'pg');
    assert.equal(p.pg, 'SELECT * FROM t WHERE name = $1');
    assert.deepEqual(values, ["x'; DROP TABLE t; --"]);
  });
});

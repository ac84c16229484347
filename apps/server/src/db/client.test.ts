import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore, withStatementCache } from './client.ts';

describe('the SQLite statement cache', () => {
  const table = () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (a integer)');
    sqlite.prepare('insert into t values (1), (2), (3)').run();
    return sqlite;
  };

  it('hands out the statement already prepared for the same SQL', () => {
    const cached = withStatementCache(table());
    const first = cached.prepare('select a from t where a > ?');
    expect(cached.prepare('select a from t where a > ?')).toBe(first);
    expect(cached.prepare('select a from t where a < ?')).not.toBe(first);
    expect(first.all(1)).toEqual([{ a: 2 }, { a: 3 }]);
  });

  it('prepares a fresh statement while the kept one is still iterating', () => {
    const cached = withStatementCache(table());
    const kept = cached.prepare('select a from t');
    const rows = kept.iterate();
    expect(rows.next().value).toEqual({ a: 1 });
    const second = cached.prepare('select a from t');
    expect(second).not.toBe(kept);
    expect(second.all()).toHaveLength(3);
    expect([...rows]).toEqual([{ a: 2 }, { a: 3 }]);
    expect(cached.prepare('select a from t')).toBe(kept);
  });

  it('keeps at most `size` statements, the least recently used going first', () => {
    const cached = withStatementCache(table(), 2);
    const one = cached.prepare('select 1');
    const two = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(one);
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(one);
    expect(cached.prepare('select 2')).not.toBe(two);
  });

  it('serves the store: the same query run twice, writes and reads in a transaction', async () => {
    const store = openStore({});
    try {
      await store.db.schema.createTable('n').addColumn('v', 'integer').execute();
      await store.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('n' as never)
          .values({ v: 7 } as never)
          .execute();
        await tx
          .insertInto('n' as never)
          .values({ v: 8 } as never)
          .execute();
      });
      const read = () =>
        store.db
          .selectFrom('n' as never)
          .select('v' as never)
          .orderBy('v' as never)
          .execute();
      expect(await read()).toEqual([{ v: 7 }, { v: 8 }]);
      expect(await read()).toEqual([{ v: 7 }, { v: 8 }]);
    } finally {
      await store.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { statementNamer } from './prepared-pool';

describe('statementNamer', () => {
  it('gives the same SQL text the same name and another text another name', () => {
    const name = statementNamer();
    const a = name('select * from cases where id = $1', 1);
    expect(a).toBeDefined();
    expect(name('select * from cases where id = $1', 1)).toBe(a);
    expect(name('select * from courses where id = $1', 1)).not.toBe(a);
  });

  it('leaves transaction control, DDL and long parameter lists unnamed', () => {
    const name = statementNamer({ maxParameters: 3 });
    expect(name('begin', 0)).toBeUndefined();
    expect(name('create index x on y (z)', 0)).toBeUndefined();
    expect(name('insert into t values ($1), ($2), ($3), ($4)', 4)).toBeUndefined();
    expect(name('  WITH x AS (select 1) select * from x', 0)).toBeDefined();
  });

  it('stops naming new texts once its bound is reached, and keeps naming the known ones', () => {
    const name = statementNamer({ maxStatements: 2 });
    const first = name('select 1', 0);
    name('select 2', 0);
    expect(name('select 3', 0)).toBeUndefined();
    expect(name('select 1', 0)).toBe(first);
  });
});

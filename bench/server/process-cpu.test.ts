import { describe, expect, it } from 'vitest';
import { databaseCpuBetween, perRequest } from './process-cpu';

describe('database CPU between two samples', () => {
  it('counts the growth of backends alive at both ends and the whole of new ones, never a gone one as negative', () => {
    const before = new Map([
      ['101@5', 400], // lives on: +50
      ['102@5', 900], // exits during the run (a pool's idle connection): not counted
      ['103@5', 30], // its pid reused by a new process below: a different key
    ]);
    const after = new Map([
      ['101@5', 450],
      ['103@77', 20], // new since the first sample: all of it
      ['104@80', 10], // new
    ]);
    expect(databaseCpuBetween(before, after)).toBe(80);
    expect(perRequest({ server: 100, database: before }, { server: 300, database: after }, 40)).toEqual({ serverCpuMs: 5, dbCpuMs: 2 });
  });
});

import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (ms, user + system) of processes, read from /proc: the server processes by pid and the
 * PostgreSQL backends by name. Server CPU per request predicts how a mix scales out across
 * machines better than latency on a 2-core box where the load generator shares the cores.
 * Answers null where /proc is missing (not Linux).
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** [utime + stime in ms, start time in ticks] of a process, or undefined when it is gone. */
function statOf(pid: number | string): [cpuMs: number, started: string] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command may hold spaces: the fields after it start past its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [(Number(fields[11]) + Number(fields[12])) * TICK_MS, fields[19]]; // utime, stime; starttime
  } catch {
    return undefined;
  }
}

function postgresPids(): string[] {
  try {
    return readdirSync('/proc').filter((d) => /^\d+$/.test(d) && readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres');
  } catch {
    return [];
  }
}

export interface CpuSample {
  server: number;
  /**
   * CPU ms of each PostgreSQL process, keyed by pid and start time: backends come and go during a
   * run (a pool's idle connections close, another target's exit), so a total of whoever is alive
   * at each end could fall (the column went negative). A process is counted only from its first
   * sample to its last, a new one from its start.
   */
  database: Map<string, number>;
}

export function sampleCpu(serverPids: readonly number[]): CpuSample | null {
  try {
    readFileSync('/proc/self/stat');
  } catch {
    return null;
  }
  const database = new Map<string, number>();
  for (const pid of postgresPids()) {
    const stat = statOf(pid);
    if (stat) database.set(`${pid}@${stat[1]}`, stat[0]);
  }
  return { server: serverPids.reduce((t, p) => t + (statOf(p)?.[0] ?? 0), 0), database };
}

/** The CPU PostgreSQL processes spent between two samples: the alive ones' growth, the new ones' whole. */
export function databaseCpuBetween(before: CpuSample['database'], after: CpuSample['database']): number {
  let total = 0;
  for (const [key, ms] of after) total += ms - (before.get(key) ?? 0);
  return total;
}

/** CPU ms per request between two samples (null without /proc or requests). */
export function perRequest(before: CpuSample | null, after: CpuSample | null, requests: number): { serverCpuMs: number; dbCpuMs: number } | null {
  if (!before || !after || !requests) return null;
  const round = (x: number) => Math.round(x * 100) / 100;
  return { serverCpuMs: round((after.server - before.server) / requests), dbCpuMs: round(databaseCpuBetween(before.database, after.database) / requests) };
}

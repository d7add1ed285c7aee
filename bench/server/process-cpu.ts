import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (ms, user + system) of processes, read from /proc: the server processes by pid and the
 * PostgreSQL backends by name. Server CPU per request predicts how a mix scales out across
 * machines better than latency on a 2-core box where the load generator shares the cores.
 * Answers null where /proc is missing (not Linux).
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuOf(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command may hold spaces: the fields after it start past its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
  } catch {
    return 0;
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
  database: number;
}

export function sampleCpu(serverPids: readonly number[]): CpuSample | null {
  try {
    readFileSync('/proc/self/stat');
  } catch {
    return null;
  }
  return { server: serverPids.reduce((t, p) => t + cpuOf(p), 0), database: postgresPids().reduce((t, p) => t + cpuOf(p), 0) };
}

/** CPU ms per request between two samples (null without /proc or requests). */
export function perRequest(before: CpuSample | null, after: CpuSample | null, requests: number): { serverCpuMs: number; dbCpuMs: number } | null {
  if (!before || !after || !requests) return null;
  const round = (x: number) => Math.round(x * 100) / 100;
  return { serverCpuMs: round((after.server - before.server) / requests), dbCpuMs: round((after.database - before.database) / requests) };
}

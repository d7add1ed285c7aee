import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { figureKey, type Figure } from './figures';
import { RESULTS_DIR, type RunMeta } from './results';

// bench/results/history.jsonl: one line per figure per run (commit, date, config in the series),
// so the report can plot the last runs and `npm run bench -- compare <commit>` can divide.

export interface HistoryLine extends Figure {
  /** One id per `npm run bench` invocation (its start time): the lines of one run share it. */
  run: string;
  commit: string;
  dirty: boolean;
  date: string;
  machine: string;
}

export const HISTORY_FILE = join(RESULTS_DIR, 'history.jsonl');

export function readHistory(file = HISTORY_FILE): HistoryLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as HistoryLine);
}

export function historyLines(figs: Figure[], meta: RunMeta, run: string): HistoryLine[] {
  const machine = `${meta.machine.cores}× ${meta.machine.cpu}`;
  return figs.map((f) => ({ run, commit: meta.commit, dirty: meta.dirty, date: meta.date, machine, ...f }));
}

export function appendHistory(lines: HistoryLine[], file = HISTORY_FILE): void {
  if (!lines.length) return;
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}

export interface Ratio {
  key: string;
  now: number;
  then: number;
  ratio: number;
  unit: string;
}

/**
 * Each figure of the newest run divided by the same figure in the newest run of `commit` (a
 * prefix). Figures either side lacks are left out; the caller says how many there were.
 */
export function compareRuns(history: HistoryLine[], commit: string): { base: HistoryLine; latest: HistoryLine; ratios: Ratio[] } {
  if (!history.length) throw new Error(`no history yet (${HISTORY_FILE}): run \`npm run bench\` first`);
  const latestRun = history[history.length - 1].run;
  const baseLines = history.filter((h) => h.commit.startsWith(commit) && h.run !== latestRun);
  if (!baseLines.length) {
    const known = [...new Set(history.map((h) => h.commit))].join(', ');
    throw new Error(`no earlier run of commit ${commit} in the history (commits: ${known})`);
  }
  const baseRun = baseLines[baseLines.length - 1].run;
  const then = new Map(history.filter((h) => h.run === baseRun).map((h) => [figureKey(h), h]));
  const latest = history.filter((h) => h.run === latestRun);
  const ratios = latest.flatMap((h) => {
    const b = then.get(figureKey(h));
    if (!b || !b.value || h.timeout || b.timeout) return [];
    return [{ key: figureKey(h), now: h.value, then: b.value, ratio: Math.round((h.value / b.value) * 1000) / 1000, unit: h.unit }];
  });
  return { base: then.values().next().value!, latest: latest[0], ratios };
}

export function printComparison(history: HistoryLine[], commit: string): void {
  const { base, latest, ratios } = compareRuns(history, commit);
  console.log(`latest run ${latest.commit}${latest.dirty ? '+dirty' : ''} ${latest.date}  vs  ${base.commit}${base.dirty ? '+dirty' : ''} ${base.date}`);
  console.log('ratio = now / then (ms, MB: > 1 is worse; req/s: < 1 is worse)');
  const w = Math.max(...ratios.map((r) => r.key.length), 10);
  for (const r of ratios)
    console.log(`${r.key.padEnd(w)}  ${r.ratio.toFixed(3).padStart(7)}  ${String(r.now).padStart(9)} / ${String(r.then).padEnd(9)} ${r.unit}`);
  console.log(`${ratios.length} figure(s) in both runs`);
}

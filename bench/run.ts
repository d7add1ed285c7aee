// `npm run bench`: every benchmark in one go — engine (Node), browser (headless Chromium on the
// built bench page) and server load (when bench/server exists). Each part prints its own table
// and writes JSON under bench/results/. `npm run bench -- engine` (or browser, server) runs one.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { printTable, runEngineBench } from './engine/run';
import { runBrowserBench } from './browser/run';

type Part = 'engine' | 'browser' | 'server';
const ALL: Part[] = ['engine', 'browser', 'server'];

async function runPart(part: Part): Promise<void> {
  console.log(`\n=== ${part} ===`);
  if (part === 'engine') printTable(await runEngineBench());
  else if (part === 'browser') await runBrowserBench();
  else {
    const file = resolve(import.meta.dirname, 'server/run.ts');
    if (!existsSync(file)) throw new Error('bench/server/run.ts is missing');
    const mod = (await import(file)) as { runServerBench(): Promise<unknown> };
    await mod.runServerBench();
  }
}

const asked = process.argv.slice(2).filter((a): a is Part => (ALL as string[]).includes(a));
const failures: string[] = [];
for (const part of asked.length ? asked : ALL) {
  try {
    await runPart(part);
  } catch (err) {
    // One broken part must not hide the others' figures.
    failures.push(`${part}: ${(err as Error).message}`);
    console.error(`[bench] ${part} failed:`, err);
  }
}
if (failures.length) {
  console.error(`\n${failures.length} benchmark part(s) failed:\n${failures.join('\n')}`);
  process.exit(1);
}

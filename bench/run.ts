// `npm run bench`: every benchmark in turn — engine (Node), browser (headless Chromium on the built
// bench page) and server load (real processes on loopback). Each prints its table and writes
// bench/results/*.json. Pick a subset with arguments or BENCH_ONLY: `npm run bench -- engine server`.
import { printTable, runEngineBench } from './engine/run';
import { runBrowserBench } from './browser/run';
import { printServerTable, runServerBench } from './server/run';
import { runUploadMemoryBench } from './server/upload-memory';

const PARTS = {
  engine: async () => printTable(await runEngineBench()),
  browser: async () => void (await runBrowserBench()), // prints its own table
  server: async () => printServerTable(await runServerBench()),
  uploads: async () => void (await runUploadMemoryBench()), // prints one JSON line
};
type Part = keyof typeof PARTS;
const isPart = (s: string): s is Part => s in PARTS;

const asked = [...process.argv.slice(2), ...(process.env.BENCH_ONLY ?? '').split(',')].map((s) => s.trim()).filter(isPart);
const failures: string[] = [];
for (const part of asked.length ? asked : (Object.keys(PARTS) as Part[])) {
  console.log(`\n== ${part} ==`);
  try {
    await PARTS[part]();
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

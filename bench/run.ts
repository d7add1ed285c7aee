// `npm run bench`: every benchmark in turn — engine (Node), browser (headless Chromium on the built
// bench page), peers (the same browser measurement on other mind-map editors) and server load (real
// processes on loopback). Each prints its table and writes bench/results/*.json; then the figures
// of the parts that ran are appended to bench/results/history.jsonl and bench/results/report.html
// is written. Pick a subset with arguments or BENCH_ONLY: `npm run bench -- engine server`.
// `npm run bench -- saves` runs only the one-topic save rows of the server part (bench/server/map-saves.ts).
// `npm run bench -- live` runs the live co-editing rows (bench/server/live-latency.ts), not part of the default run;
// `npm run bench -- live-paint` the same rooms with one member a Chromium page: set sent → painted there (bench/server/live-paint.ts).
// The layout part runs only when named and takes plug-ins: `npm run bench -- layout --plugin ./my-layout.ts` (README "Layout benchmark").
// Not benchmarks, only when asked for:
//   `npm run bench -- serve`            builds the canvas bench page and serves it (bench/browser/serve.ts)
//   `npm run bench -- layout-corpus [dir]` writes the layout corpus as JSON (default bench/results/layout-corpus)
//   `npm run bench -- report`           writes report.html again from the results on disk
//   `npm run bench -- compare <commit>` prints each figure of the last run as a ratio to that commit's run
//   `npm run bench -- screenshot [png]` saves the report as a PNG (default docs/bench-report.png)
import { printTable, runEngineBench } from './engine/run';
import { pluginArgs, printLayoutTable, runLayoutBench, writeCorpus } from './layout/run';
import { runBrowserBench } from './browser/run';
import { serveBenchPage } from './browser/serve';
import { runPeersBench } from './peers/run';
import { printServerTable, runServerBench } from './server/run';
import { runUploadMemoryBench } from './server/upload-memory';
import { printOwnMapsSearch } from './server/own-maps-search';
import { printSaveTable, runMapSaveBench } from './server/map-saves';
import { printLiveTable, runLiveBench } from './server/live-latency';
import { printLivePaintTable, runLivePaintBench } from './server/live-paint';
import { figuresOf, type Figure } from './report/figures';
import { appendHistory, historyLines, printComparison, readHistory } from './report/history';
import { join } from 'node:path';
import { loadResults, RESULTS_DIR } from './report/results';
import { screenshotReport } from './report/open-report';
import { writeReport } from './report/render';

const PARTS = {
  engine: async () => printTable(await runEngineBench({ sizes: listEnv('BENCH_ENGINE_SIZES'), elkMax: listEnv('BENCH_ELK_MAX')?.[0] })),
  browser: async () => void (await runBrowserBench()), // prints its own table
  peers: async () => void (await runPeersBench()), // prints its own table
  server: async () => {
    printServerTable(await runServerBench());
    printSaveTable(await runMapSaveBench());
  },
  saves: async () => printSaveTable(await runMapSaveBench()),
  live: async () => printLiveTable(await runLiveBench()), // live co-editing: set → other members, join, heap
  'live-paint': async () => printLivePaintTable(await runLivePaintBench()), // the same, set → painted on a member's page
  uploads: async () => void (await runUploadMemoryBench()), // prints one JSON line
  mymaps: printOwnMapsSearch, // 我的导图 search over 200 maps of 1,000 topics; prints its table
  layout: async () =>
    printLayoutTable(
      await runLayoutBench({
        sizes: listEnv('BENCH_LAYOUT_SIZES'),
        plugins: pluginArgs(args),
        repeat: listEnv('BENCH_LAYOUT_REPEAT')?.[0],
        timeoutMs: listEnv('BENCH_LAYOUT_TIMEOUT')?.[0],
        elkMax: listEnv('BENCH_LAYOUT_ELK_MAX')?.[0],
      }),
    ),
};
function listEnv(name: string): number[] | undefined {
  return process.env[name]?.split(',').map(Number);
}
type Part = keyof typeof PARTS;
const isPart = (s: string): s is Part => s in PARTS;

const args = process.argv.slice(2);
if (args[0] === 'serve') await serveBenchPage();
else if (args[0] === 'compare') {
  try {
    if (!args[1]) throw new Error('usage: npm run bench -- compare <commit>');
    printComparison(readHistory(), args[1]);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
} else if (args[0] === 'screenshot') await screenshotReport(join(RESULTS_DIR, 'report.html'), args[1] ?? 'docs/bench-report.png');
else if (args[0] === 'layout-corpus') {
  const files = writeCorpus(args[1] ?? join(RESULTS_DIR, 'layout-corpus'), listEnv('BENCH_LAYOUT_SIZES'));
  console.log(`${files.length} trees written:\n${files.join('\n')}`);
} else if (args[0] === 'report') console.log(`report: ${writeReport(loadResults())}`);
else await runParts();

async function runParts(): Promise<void> {
  const asked = [...args, ...(process.env.BENCH_ONLY ?? '').split(',')].map((s) => s.trim()).filter(isPart);
  // The layout benchmark runs when named: the default run is sized for under 10 minutes without it.
  const parts = asked.length ? asked : (Object.keys(PARTS) as Part[]).filter((p) => p !== 'layout' && p !== 'saves' && p !== 'live' && p !== 'live-paint'); // saves: inside server; live: when named
  const run = new Date().toISOString();
  const started = Date.now();
  const failures: string[] = [];
  for (const part of parts) {
    console.log(`\n== ${part} ==`);
    const t0 = Date.now();
    try {
      await PARTS[part]();
      console.log(`== ${part} took ${Math.round((Date.now() - t0) / 1000)} s`);
    } catch (err) {
      // One broken part must not hide the others' figures.
      failures.push(`${part}: ${(err as Error).message}`);
      console.error(`[bench] ${part} failed:`, err);
    }
  }
  // History gets only what ran now; the report shows every part's latest results.
  const results = loadResults(true);
  const ran = figuresOf(results).filter((f: Figure) => (parts as string[]).includes(f.part) && !failures.some((x) => x.startsWith(`${f.part}:`)));
  appendHistory(historyLines(ran, results.meta, run));
  console.log(`\n${ran.length} figures appended to bench/results/history.jsonl; report: ${writeReport(results)}`);
  console.log(`bench took ${Math.round((Date.now() - started) / 1000)} s`);
  if (failures.length) {
    console.error(`\n${failures.length} benchmark part(s) failed:\n${failures.join('\n')}`);
    process.exit(1);
  }
}

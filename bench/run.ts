import { printTable, runEngineBench } from './engine/run';
import { runBrowserBench } from './browser/run';
import { printServerTable, runServerBench } from './server/run';

// `npm run bench`: every benchmark in turn; each prints its table and writes bench/results/*.json.
// BENCH_ONLY=engine,browser,server picks a subset.
const only = new Set((process.env.BENCH_ONLY ?? 'engine,browser,server').split(',').map((s) => s.trim()));

if (only.has('engine')) {
  console.log('\n== engine ==');
  printTable(await runEngineBench());
}
if (only.has('browser')) {
  console.log('\n== browser (mind-map canvas) ==');
  await runBrowserBench(); // prints its own table
}
if (only.has('server')) {
  console.log('\n== server (load, real processes on loopback) ==');
  printServerTable(await runServerBench());
}

import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `N passed, N failed, N skipped`, that CI tooling can read
 * regardless of vitest's decorated summary, preceded by the slowest files of the run (the CI
 * budget is spent there, and a clean-clone run is the only place the whole suite is timed) and by
 * every test that passed only when run again (e2e retries once): each is a defect to find, so it
 * is named with the error of its failed try rather than passing silently.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const m of testModules) {
      for (const t of m.children.allTests()) {
        const result = t.result();
        const state = result.state;
        if (state === 'passed' && t.diagnostic()?.flaky) {
          const first = result.errors?.[0]?.message?.split('\n')[0] ?? '';
          flaky.push(`${m.moduleId.replace(`${process.cwd()}/`, '')} > ${t.fullName}\n      first try: ${first}`);
        }
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const slowest = testModules
      .map((m) => ({ file: m.moduleId.replace(`${process.cwd()}/`, ''), ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 15);
    if (slowest.length > 1) {
      console.log('\nSlowest files (tests and hooks):');
      for (const { file, ms } of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
    }
    if (flaky.length) {
      console.log(`\nPassed only when run again (${flaky.length}):`);
      for (const f of flaky) console.log(`  ${f}`);
    }
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}

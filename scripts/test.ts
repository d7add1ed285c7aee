import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';

// `npm test`: every check of the project, in steps; the parts of a step run side by side. Type
// checking and linting share nothing and each leaves a core idle, so they overlap. The server
// suites and the end-to-end flows do not: both keep a 2-core box busy (tried side by side, the
// server suites ran at a fifth of their speed and heavy crash tests hit their bounds), and e2e
// already runs three files at once. The first part to fail stops the rest and the run exits
// non-zero. A part's output is printed whole when it ends (never interleaved: each ends with
// vitest's own summary lines, as a serial run did); meanwhile it is written to
// .tmp/test-<part>.log for whoever wants to follow it.
const steps: [name: string, script: string][][] = [
  [
    ['typecheck', 'typecheck'],
    ['lint', 'lint'],
  ],
  [['unit', 'test:unit']],
  [['server', 'test:server']],
  [['e2e', 'test:e2e']],
];

const running = new Set<ChildProcess>();
let stopping = false;

function stopAll(): void {
  stopping = true;
  // Each part leads its own process group (detached): servers, browsers and nginx it started go too.
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // the group has gone already
    }
  }
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

function run(name: string, script: string): Promise<{ name: string; code: number; seconds: number }> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const chunks: Buffer[] = [];
  const log = createWriteStream(`.tmp/test-${name}.log`);
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      log.write(chunk);
    });
  }
  return new Promise((resolve) => {
    let done = false;
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (done) return;
      done = true;
      running.delete(child);
      log.end();
      const result = { name, code: code ?? (signal ? 1 : 0), seconds: Math.round((Date.now() - started) / 1000) };
      console.log(`\n== ${name} (npm run ${script}): ${result.code === 0 ? 'passed' : stopping ? 'stopped' : 'FAILED'} in ${result.seconds} s ==\n`);
      process.stdout.write(Buffer.concat(chunks));
      if (result.code !== 0 && !stopping) stopAll();
      resolve(result);
    };
    // 'close' comes once the output pipes are drained; a process the part left behind could hold
    // them open, so 'exit' gives them two seconds more.
    child.on('close', finish);
    child.on('exit', (code, signal) => setTimeout(() => finish(code, signal), 2_000).unref());
  });
}

mkdirSync('.tmp', { recursive: true });
const started = Date.now();
for (const step of steps) {
  const results = await Promise.all(step.map(([name, script]) => run(name, script)));
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length) {
    console.log(`\nnpm test failed: ${failed.map((r) => r.name).join(', ')} (${Math.round((Date.now() - started) / 1000)} s)`);
    process.exitCode = 1;
    break;
  }
}
// Nothing printed after the last part's own summary: its closing line stays the run's last line.
if (!process.exitCode) console.error(`npm test passed in ${Math.round((Date.now() - started) / 1000)} s`);

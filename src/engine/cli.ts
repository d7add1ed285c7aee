// Command line (the only Node-specific file in src/engine):
//   npm run map -- convert <in> <out>          .km/.md/.txt → .km/.md/.txt/.svg by extension
//   npm run map -- layout <in.km> [--template T]  prints node boxes as JSON
// Invalid input exits 1 with the engine's error message on stderr.
import { readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { MindEditor, type ExportFormat } from './editor';
import { isTextFormat } from './protocols/formats';

function formatOf(path: string): string {
  return extname(path).slice(1).toLowerCase();
}

function usage(): never {
  throw new Error('usage: map convert <in.km|md|txt> <out.km|md|txt|svg> | map layout <in.km> [--template T]');
}

export function main(argv: string[]): number {
  const [cmd, ...rest] = argv;
  const ed = new MindEditor();
  if (cmd === 'convert') {
    const [input, output] = rest;
    if (!input || !output) usage();
    const inFmt = formatOf(input);
    const outFmt = formatOf(output);
    if (!isTextFormat(inFmt)) throw new Error(`Not supported protocol:${inFmt}`);
    if (!isTextFormat(outFmt) && outFmt !== 'svg') throw new Error(`Not supported protocol:${outFmt}`);
    ed.importData(inFmt, readFileSync(input, 'utf8'));
    writeFileSync(output, ed.exportData(outFmt as ExportFormat));
    return 0;
  }
  if (cmd === 'layout') {
    const input = rest[0];
    if (!input) usage();
    const fmt = formatOf(input);
    ed.importData(isTextFormat(fmt) ? fmt : 'km', readFileSync(input, 'utf8'));
    const t = rest.indexOf('--template');
    if (t >= 0) {
      if (!rest[t + 1]) usage();
      ed.execute('template', [rest[t + 1]]);
    }
    const nodes = [...ed.doc.byId.values()]
      .filter((n) => ed.layout.visible[n.slot])
      .map((n) => {
        const [x, y, w, h] = ed.boxOf(n.id);
        return { id: n.id, text: n.data.text ?? '', x, y, w, h };
      });
    process.stdout.write(JSON.stringify({ template: ed.doc.template, theme: ed.doc.theme, nodes }, null, 2) + '\n');
    return 0;
  }
  usage();
}

const isEntry = process.argv[1] && /cli\.[jt]s$/.test(process.argv[1]);
if (isEntry) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}

// Command line (the only Node-specific file in src/engine):
//   npm run map -- convert <in> <out>          .km/.md/.txt/.xmind/.mm/.opml → the same or .svg, by extension
//   npm run map -- convert <in> <out.pdf> [--tiled]  PDF: one page, or A4 pages to print (font: Noto Sans SC from node_modules)
//   npm run map -- layout <in.km> [--template T]  prints node boxes as JSON
// Invalid input exits 1 with the engine's error message on stderr.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { MindEditor } from './editor';
import { isFileFormat, titleFromFileName, type FileFormat } from './protocols/formats';

function formatOf(path: string): string {
  return extname(path).slice(1).toLowerCase();
}

// SPEC's words first, then what they mean.
const unsupported = (ext: string) => `Not supported protocol:${ext}（不支持 .${ext} 格式，可用 .km、.md、.txt、.xmind、.mm、.opml，导出还可用 .svg、.pdf）`;

/** The font the PDF export embeds: the same file the web app serves (features/mindmap/editor/pdf-export.ts). */
const PDF_FONT = '@openfonts/noto-sans-sc_all/files/noto-sans-sc-all-400.woff';

function usage(): never {
  throw new Error('用法：map convert <输入.km|md|txt|xmind|mm|opml> <输出.km|md|txt|xmind|mm|opml|svg|pdf> [--tiled] | map layout <输入.km> [--template 模板]');
}

/**
 * Imports a file (as bytes); a forest is put under a root named after the file; notices
 * (a forest wrapped, what the file held that a map cannot) go to stderr.
 */
function importFile(ed: MindEditor, format: FileFormat, path: string): void {
  // bytes: the engine tells a text file's encoding (UTF-8, UTF-16, GBK) and refuses binary ones
  const data = new Uint8Array(readFileSync(path));
  const { notices } = ed.importDataWithNotices(format, data, { name: titleFromFileName(path) });
  for (const n of notices) process.stderr.write(`${n.message}\n`);
}

/** The PDF of the imported map (async: pdf-lib is loaded on demand); notices to stderr. */
async function writePdf(ed: MindEditor, output: string, tiled: boolean): Promise<number> {
  const font = new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(PDF_FONT)));
  const { data, notices } = await ed.exportPdf({ font, mode: tiled ? 'tiled' : 'single' });
  writeFileSync(output, data);
  for (const n of notices) process.stderr.write(`${n.message}\n`);
  return 0;
}

/** Exit code; a promise of it for a PDF. */
export function main(argv: string[]): number | Promise<number> {
  const [cmd, ...rest] = argv;
  const ed = new MindEditor();
  if (cmd === 'convert') {
    const [input, output] = rest.filter((a) => a !== '--tiled');
    if (!input || !output) usage();
    const inFmt = formatOf(input);
    const outFmt = formatOf(output);
    if (!isFileFormat(inFmt)) throw new Error(unsupported(inFmt));
    if (!isFileFormat(outFmt) && outFmt !== 'svg' && outFmt !== 'pdf') throw new Error(unsupported(outFmt));
    importFile(ed, inFmt, input);
    if (outFmt === 'pdf') return writePdf(ed, output, rest.includes('--tiled'));
    if (outFmt === 'svg') writeFileSync(output, ed.exportData(outFmt));
    else {
      // what the output format cannot hold is said, not dropped silently
      const { data, notices } = ed.exportFile(outFmt);
      writeFileSync(output, data);
      for (const n of notices) process.stderr.write(`${n.message}\n`);
    }
    return 0;
  }
  if (cmd === 'layout') {
    const input = rest[0];
    if (!input) usage();
    const fmt = formatOf(input);
    importFile(ed, isFileFormat(fmt) ? fmt : 'km', input);
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
  Promise.resolve()
    .then(() => main(process.argv.slice(2)))
    .then(
      (code) => (process.exitCode = code),
      (e: unknown) => {
        process.stderr.write(`${(e as Error).message}\n`);
        process.exitCode = 1;
      },
    );
}

// Command line (the only Node-specific file in src/engine):
//   npm run map -- convert <in> <out>          .km/.md/.txt/.xmind/.mm/.opml → the same or .svg, by extension
//   npm run map -- convert <in> <out.pdf> [--tiled]  PDF: one page, or A4 pages to print (font: Noto Sans SC from node_modules)
//   npm run map -- convert <in.xmind> <out> [--sheet N]  an XMind workbook: its first sheet, or sheet N (from 1);
//                                                     stderr says how many other sheets there are
//   npm run map -- convert <in.xmind> --all-sheets DIR  one .km per sheet into DIR (01-标题.km, …)
//   npm run map -- layout <in.km> [--template T]  prints node boxes as JSON
// Invalid input exits 1 with the engine's error message on stderr.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { MindEditor } from './editor';
import { exportFile, importXmindSheets, isFileFormat, listXmindSheets, titleFromFileName, type FileFormat } from './protocols/formats';

function formatOf(path: string): string {
  return extname(path).slice(1).toLowerCase();
}

// SPEC's words first, then what they mean.
const unsupported = (ext: string) => `Not supported protocol:${ext}（不支持 .${ext} 格式，可用 .km、.md、.txt、.xmind、.mm、.opml，导出还可用 .svg、.pdf）`;

/** The font the PDF export embeds: the same file the web app serves (features/mindmap/editor/pdf-export.ts). */
const PDF_FONT = '@openfonts/noto-sans-sc_all/files/noto-sans-sc-all-400.woff';

function usage(): never {
  throw new Error(
    '用法：map convert <输入.km|md|txt|xmind|mm|opml> <输出.km|md|txt|xmind|mm|opml|svg|pdf> [--tiled] [--sheet 第几个画布] | map convert <输入.xmind> --all-sheets 目录 | map layout <输入.km> [--template 模板]',
  );
}

/** The value after `flag` (removed from `args` with it); undefined when absent; usage() when it has none. */
function takeFlag(args: string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) usage();
  args.splice(i, 2);
  return v;
}

/** A sheet's title as part of a file name: characters no file system takes replaced, kept short. */
const fileSafe = (title: string) =>
  [...title]
    .map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 60)
    .trim() || '画布';

/** --all-sheets: every sheet of a workbook as its own .km in `dir`; what each could not keep to stderr. */
function allSheets(input: string, dir: string): number {
  const data = new Uint8Array(readFileSync(input));
  const sheets = listXmindSheets(data);
  const maps = importXmindSheets(data);
  mkdirSync(dir, { recursive: true });
  maps.forEach((m, i) => {
    const name = `${String(i + 1).padStart(2, '0')}-${fileSafe(sheets[i].title)}.km`;
    writeFileSync(join(dir, name), exportFile('km', m.document).data);
    process.stderr.write(`第 ${i + 1} 个画布“${sheets[i].title}”（${sheets[i].topics} 个主题）→ ${name}\n`);
    for (const n of m.notices) process.stderr.write(`  ${n.message}\n`);
  });
  return 0;
}

/**
 * Imports a file (as bytes); a forest is put under a root named after the file; notices
 * (a forest wrapped, what the file held that a map cannot) go to stderr.
 */
function importFile(ed: MindEditor, format: FileFormat, path: string, sheet?: number): void {
  // bytes: the engine tells a text file's encoding (UTF-8, UTF-16, GBK) and refuses binary ones
  const data = new Uint8Array(readFileSync(path));
  const { notices } = ed.importDataWithNotices(format, data, { name: titleFromFileName(path), sheet });
  for (const n of notices) process.stderr.write(`${n.message}\n`);
  if (format !== 'xmind' || sheet !== undefined) return;
  const sheets = listXmindSheets(data);
  if (sheets.length > 1)
    process.stderr.write(
      `这个文件共有 ${sheets.length} 个画布，只转换了第 1 个“${sheets[0].title}”，另有 ${sheets.length - 1} 个：用 --sheet 序号 选择一个，或用 --all-sheets 目录 每个画布写一个 .km\n`,
    );
}

/** --sheet N (from 1) as the engine's 0-based index; refused unless a whole number ≥ 1. */
function sheetIndex(v: string | undefined, format: string): number | undefined {
  if (v === undefined) return undefined;
  if (format !== 'xmind') throw new Error('--sheet 只用于 .xmind 文件（只有 XMind 工作簿有多个画布）');
  if (!/^[1-9]\d{0,5}$/.test(v)) throw new Error(`--sheet 需要画布的序号（从 1 开始的整数），收到“${v}”`);
  return Number(v) - 1;
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
    const args = rest.filter((a) => a !== '--tiled');
    const sheet = takeFlag(args, '--sheet');
    const all = takeFlag(args, '--all-sheets');
    const [input, output] = args;
    if (input && all !== undefined && formatOf(input) === 'xmind' && !output && sheet === undefined) return allSheets(input, all);
    if (all !== undefined) throw new Error('--all-sheets 只用于 .xmind 文件，写法：map convert 输入.xmind --all-sheets 目录（不带输出文件和 --sheet）');
    if (!input || !output) usage();
    const inFmt = formatOf(input);
    const outFmt = formatOf(output);
    if (!isFileFormat(inFmt)) throw new Error(unsupported(inFmt));
    if (!isFileFormat(outFmt) && outFmt !== 'svg' && outFmt !== 'pdf') throw new Error(unsupported(outFmt));
    importFile(ed, inFmt, input, sheetIndex(sheet, inFmt));
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

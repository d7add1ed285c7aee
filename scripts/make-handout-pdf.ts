/**
 * Writes src/server/seed/fixtures/demo-handout.pdf: a three-page Simplified-Chinese handout, so the
 * PDF viewer has pages to turn and remember. Run: npx tsx scripts/make-handout-pdf.ts
 *
 * Hand-built and tiny (a few KB): the Chinese text uses the non-embedded Adobe font STSong-Light with
 * the UniGB-UCS2-H CMap (strings are UTF-16BE hex), which every PDF reader — pdf.js with its CMaps —
 * renders with a system CJK font; ASCII runs (numbers, punctuation) use Helvetica.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const PAGES: { heading: string; lines: string[] }[] = [
  {
    heading: '第一讲 需求获取',
    lines: [
      '1. 明确项目目标、范围与约束条件。',
      '2. 识别干系人：学生、教师、管理员与运营人员。',
      '3. 通过访谈、问卷与现场观察收集原始需求。',
      '4. 整理需求清单，区分必须实现与可以延后的需求。',
    ],
  },
  {
    heading: '第二讲 用例建模',
    lines: [
      '1. 找出参与者与系统边界。',
      '2. 为每个参与者列出用例，写明前置条件与主流程。',
      '3. 标注用例之间的包含与扩展关系。',
      '4. 用例描述需要经过用户评审后再定稿。',
    ],
  },
  {
    heading: '第三讲 数据流分析',
    lines: [
      '1. 画出顶层数据流图，标明外部实体。',
      '2. 逐层分解加工，保持父图与子图平衡。',
      '3. 建立数据字典，统一数据项的名称与含义。',
      '4. 检查每个加工都有输入与输出。',
    ],
  },
];

/** Helvetica widths (1/1000 em) for the ASCII the handout uses; others count as 556. */
const HELVETICA: Record<string, number> = { ' ': 278, '.': 278, ',': 278, '/': 278, ':': 278, '-': 333 };
const asciiWidth = (s: string) => [...s].reduce((w, c) => w + (HELVETICA[c] ?? 556), 0) / 1000;

const hex = (s: string) =>
  [...s]
    .map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0'))
    .join('')
    .toUpperCase();
const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** One line at (x, y): runs of ASCII in Helvetica (/F2), everything else in STSong-Light (/F1, 1 em wide). */
function line(x: number, y: number, size: number, text: string): string {
  const ops: string[] = [];
  let at = x;
  for (const run of text.match(/[\x20-\x7e]+|[^\x20-\x7e]+/g) ?? []) {
    const ascii = /^[\x20-\x7e]/.test(run);
    ops.push(`BT ${ascii ? '/F2' : '/F1'} ${size} Tf 1 0 0 1 ${at.toFixed(2)} ${y} Tm ${ascii ? `(${escape(run)})` : `<${hex(run)}>`} Tj ET`);
    at += size * (ascii ? asciiWidth(run) : [...run].length);
  }
  return ops.join('\n');
}

function pageContent(i: number): string {
  const p = PAGES[i]!;
  const out = [line(72, 770, 22, '需求分析讲义'), line(72, 720, 18, p.heading)];
  p.lines.forEach((l, k) => out.push(line(84, 680 - k * 30, 13, l)));
  out.push(line(250, 48, 10, `第 ${i + 1} 页，共 ${PAGES.length} 页`));
  return out.join('\n');
}

function handoutPdf(): Buffer {
  const n = PAGES.length;
  // 1 catalog, 2 pages, 3 CJK font, 4 its CIDFont, 5 its descriptor, 6 Helvetica, then page + content pairs.
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R /Lang (zh-CN) >>',
    `<< /Type /Pages /Kids [${PAGES.map((_, i) => `${7 + i * 2} 0 R`).join(' ')}] /Count ${n} >>`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 5 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  for (let i = 0; i < n; i++) {
    const content = pageContent(i);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${8 + i * 2} 0 R /Resources << /Font << /F1 3 0 R /F2 6 0 R >> >> >>`);
    objects.push(`<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`);
  }
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(pdf);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const out = resolve(import.meta.dirname, '../src/server/seed/fixtures/demo-handout.pdf');
writeFileSync(out, handoutPdf());
console.log(`wrote ${out}`);

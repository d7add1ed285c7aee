import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { LIMIT_MESSAGES, MAX_NODE_DEPTH } from '../model/limits';
import type { Lost } from './lost';
import { stripBom } from './notices';

// XML in and out for .mm, .opml and XMind 8's content.xml, through fast-xml-parser in its
// order-keeping form: an element is `{ [tag]: children[], ':@'?: attributes }`, text is
// `{ '#text': string }`. Namespace prefixes are dropped (xlink:href → href, xhtml:img → img).
// Values stay strings, untrimmed (a title's spaces are the student's). fast-xml-parser decodes
// numeric character references only with htmlEntities on; its default caps (100 nested tags,
// 1,000 entity expansions in all) are far below a legal map, so they are raised to our limits.

export type XmlItem = Record<string, unknown>;

/** XMind 8 nests three elements per level (topic, children, topics). */
const MAX_NESTED = 3 * MAX_NODE_DEPTH + 64;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_NESTED,
  processEntities: { enabled: true, maxTotalExpansions: 50_000_000 },
});

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false, // values are escaped by xmlText, which also handles TAB/CR/LF
  suppressEmptyNode: true,
  maxNestedTags: MAX_NESTED,
});

const WHAT: Record<string, string> = {
  InvalidTag: '标签不匹配或写法不对',
  InvalidAttr: '属性写法不对',
  InvalidXml: 'XML 结构不完整',
  InvalidChar: '这里有不允许的字符',
};

/** Parses a whole XML file; throws `无法导入 <what> 文件：第 L 行第 C 列：…` on malformed XML. */
export function parseXml(input: string, what: string): XmlItem[] {
  const text = stripBom(input);
  if (!/\S/.test(text)) throw new Error(`无法导入 ${what} 文件：文件是空的`);
  const v = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (v !== true) throw new Error(`无法导入 ${what} 文件：第 ${v.err.line} 行第 ${v.err.col} 列：${WHAT[v.err.code] ?? 'XML 格式不正确'}（不是有效的 XML）`);
  try {
    return parser.parse(text) as XmlItem[];
  } catch (e) {
    if (/nested tags/i.test(String((e as Error).message))) throw new Error(`无法导入 ${what} 文件：${LIMIT_MESSAGES.depth}`);
    throw new Error(`无法导入 ${what} 文件：内容无法解析（XML 中有不支持的写法）`);
  }
}

export function tagOf(item: XmlItem): string | undefined {
  for (const k in item) if (k !== ':@') return k;
  return undefined;
}

export function kidsOf(item: XmlItem): XmlItem[] {
  const tag = tagOf(item);
  const v = tag === undefined ? undefined : item[tag];
  return Array.isArray(v) ? (v as XmlItem[]) : [];
}

export function attr(item: XmlItem, name: string): string | undefined {
  const a = item[':@'] as Record<string, unknown> | undefined;
  const v = a?.[name];
  return typeof v === 'string' ? v : undefined;
}

/** Child elements named `tag` (case-sensitive, as XML is). */
export function elements(items: XmlItem[], tag: string): XmlItem[] {
  return items.filter((i) => tagOf(i) === tag);
}

export function firstElement(items: XmlItem[], tag: string): XmlItem | undefined {
  return items.find((i) => tagOf(i) === tag);
}

/** The element's own text (its direct text children, joined). */
export function ownText(item: XmlItem): string {
  let s = '';
  for (const k of kidsOf(item)) if (typeof k['#text'] === 'string') s += k['#text'];
  return s;
}

const BLOCK = new Set(['p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'pre', 'blockquote']);

/**
 * Plain text of an HTML fragment (FreeMind's rich notes, XMind 8's html notes): whitespace
 * collapses as a browser shows it, each block and <br> is a line. Iterative: nesting is the file's.
 */
export function htmlText(items: XmlItem[]): string {
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    // HTML collapses only these four (not U+00A0 or U+3000, which String#trim would take)
    const t = line.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
    if (t || line === '\u0000') lines.push(t === '\u0000' ? '' : t);
    line = '';
  };
  const stack: Array<XmlItem | 'end'> = [...items].reverse();
  while (stack.length) {
    const it = stack.pop()!;
    if (it === 'end') {
      flush();
      continue;
    }
    if (typeof it['#text'] === 'string') {
      line += it['#text'];
      continue;
    }
    const tag = tagOf(it)?.toLowerCase();
    if (tag === 'head' || tag === 'style' || tag === 'script') continue;
    if (tag === 'br') {
      // an empty line stays a line: mark it so flush keeps it
      if (!line.trim()) line = '\u0000';
      flush();
      continue;
    }
    if (tag && BLOCK.has(tag)) {
      flush();
      stack.push('end');
    }
    const kids = kidsOf(it);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  flush();
  return lines.join('\n');
}

// XML 1.0 has no way to write these, not even as character references.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ILLEGAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };

/**
 * A value as XML text or attribute content: markup characters escaped, and TAB, LF and CR as
 * character references (an XML reader turns literal ones in attributes into spaces and CRLF in
 * text into LF). Characters XML cannot hold are left out and counted.
 */
export function xmlText(s: string, lost: Lost): string {
  const clean = s.replace(ILLEGAL, () => (lost.add('control'), ''));
  return clean.replace(/[&<>"'\t\n\r]/g, (c) => ESCAPES[c]);
}

/** An element for buildXml: attributes already escaped with xmlText. */
export function el(tag: string, attrs: Record<string, string> | null, kids: XmlItem[] = []): XmlItem {
  return attrs ? { [tag]: kids, ':@': attrs } : { [tag]: kids };
}

export function textItem(escaped: string): XmlItem {
  return { '#text': escaped };
}

export function buildXml(items: XmlItem[]): string {
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + (builder.build(items) as string);
}

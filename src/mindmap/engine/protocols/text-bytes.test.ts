import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportFile, importDocumentWithNotices } from './formats';
import { decodeTextFile } from './text-bytes';

// A text file's bytes as a student's computer saved them (outside walk B): GBK from old Windows
// Notepad imported as "����" with a success notice, a binary file as 11 topics of control characters.

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const utf8 = (s: string) => new TextEncoder().encode(s);
const titles = (n: { data: { text?: string }; children?: unknown[] }): unknown => [n.data.text, ...(n.children ?? []).map((c) => titles(c as typeof n))];

describe('text file bytes', () => {
  it('reads GBK (no BOM, not UTF-8) as GB18030, in every text format', () => {
    expect(decodeTextFile(fixture('15-gbk.txt'))).toBe('中心\n\t分支\n');
    expect(titles(importDocumentWithNotices('txt', fixture('15-gbk.txt')).document.root)).toEqual(['中心', ['分支']]);
    const gbk = (ascii: string, cjk: Uint8Array) => new Uint8Array([...utf8(ascii), ...cjk]);
    const zhong = new Uint8Array([0xd6, 0xd0, 0xd0, 0xc4]); // 中心 in GBK
    expect(importDocumentWithNotices('md', gbk('# ', zhong)).document.root.data.text).toBe('中心');
    expect(
      importDocumentWithNotices('opml', gbk('<opml version="2.0"><body><outline text="', new Uint8Array([...zhong, ...utf8('"/></body></opml>')]))).document
        .root.data.text,
    ).toBe('中心');
    expect(importDocumentWithNotices('km', gbk('{"root":{"data":{"text":"', new Uint8Array([...zhong, ...utf8('"}}}')]))).document.root.data.text).toBe('中心');
  });

  it('reads UTF-8 with and without a BOM, and UTF-16 LE/BE with one', () => {
    const text = '中心\n\t分支😀\n';
    expect(decodeTextFile(utf8(text))).toBe(text);
    expect(decodeTextFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]))).toBe(text);
    const le = new Uint8Array(2 + text.length * 2);
    const be = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    be.set([0xfe, 0xff]);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      le.set([c & 0xff, c >> 8], 2 + i * 2);
      be.set([c >> 8, c & 0xff], 2 + i * 2);
    }
    expect(decodeTextFile(le)).toBe(text);
    expect(decodeTextFile(be)).toBe(text);
    expect(titles(importDocumentWithNotices('txt', le).document.root)).toEqual(['中心', ['分支😀']]);
  });

  it('refuses binary data with a Chinese reason, in every text format', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    for (const f of ['txt', 'md', 'km', 'mm', 'opml'] as const) {
      expect(() => importDocumentWithNotices(f, all)).toThrow('无法导入：文件不是文本（含有 NUL 字节');
    }
    // control characters without a NUL (UTF-8 or not)
    expect(() => decodeTextFile(utf8('根\n\t甲\u0001\u0002'))).toThrow('无法导入：文件不是文本（第 2 行有控制字符 U+0001，可能是图片、压缩包等二进制文件）');
    expect(() => decodeTextFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toThrow('第 2 行有控制字符 U+001A');
    // neither UTF-8 nor GB18030; a BOM that lies
    expect(() => decodeTextFile(new Uint8Array([0x41, 0x81, 0x20]))).toThrow('既不是 UTF-8 也不是 GBK/GB18030 编码');
    expect(() => decodeTextFile(new Uint8Array([0xef, 0xbb, 0xbf, 0xff]))).toThrow('开头标明的 Unicode 编码与内容不符');
  });

  it('keeps TAB, LF, CR, VT and FF (text files hold them)', () => {
    expect(decodeTextFile(utf8('a\tb\r\nc\u000b\u000c'))).toBe('a\tb\r\nc\u000b\u000c');
  });

  it('round-trips every text format through its bytes: UTF-8, and UTF-16 LE with a BOM as Windows writes it', () => {
    const doc = importDocumentWithNotices('txt', '学习计划\n\t第一章 函数\n\t\t导数 😀\n\t第二章\n').document;
    const utf16 = (t: string) => {
      const b = new Uint8Array(2 + t.length * 2);
      b.set([0xff, 0xfe]);
      for (let i = 0; i < t.length; i++) b.set([t.charCodeAt(i) & 0xff, t.charCodeAt(i) >> 8], 2 + i * 2);
      return b;
    };
    for (const f of ['km', 'md', 'txt', 'mm', 'opml'] as const) {
      const text = exportFile(f, doc).data as string;
      for (const bytes of [utf8(text), utf16(text)]) expect(titles(importDocumentWithNotices(f, bytes).document.root)).toEqual(titles(doc.root));
    }
  });
});

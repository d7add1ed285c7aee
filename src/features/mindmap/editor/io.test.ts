import { describe, expect, it } from 'vitest';
import { fileBase, formatOfFile, isCrossOrigin, tilesFor, UNSUPPORTED } from './io';

describe('editor file helpers', () => {
  it('maps file names to formats and refuses others with Not supported protocol', () => {
    expect(formatOfFile('a.km')).toBe('km');
    expect(formatOfFile('A.JSON')).toBe('km');
    expect(formatOfFile('笔记.md')).toBe('md');
    expect(formatOfFile('大纲.txt')).toBe('txt');
    expect(() => formatOfFile('x.docx')).toThrow(UNSUPPORTED);
    expect(() => formatOfFile('noext')).toThrow(UNSUPPORTED);
  });
  it('cuts a huge export into canvas-sized tiles covering it exactly', () => {
    expect(tilesFor(100, 50, 64)).toEqual([
      { x: 0, y: 0, w: 64, h: 50, row: 0, col: 0 },
      { x: 64, y: 0, w: 36, h: 50, row: 0, col: 1 },
    ]);
    const t = tilesFor(20000, 9000);
    expect(t).toHaveLength(6);
    expect(t.reduce((s, x) => s + x.w * x.h, 0)).toBe(20000 * 9000);
  });
  it('tells cross-origin images apart and makes safe file names', () => {
    expect(isCrossOrigin('https://cdn.example.com/a.png', 'http://127.0.0.1:8080')).toBe(true);
    expect(isCrossOrigin('/api/folder/resource/file/vod/x', 'http://127.0.0.1:8080')).toBe(false);
    expect(isCrossOrigin('data:image/png;base64,AA', 'http://127.0.0.1:8080')).toBe(false);
    expect(fileBase('a/b: c')).toBe('a_b_c');
    expect(fileBase('')).toBe('思维导图');
  });
});

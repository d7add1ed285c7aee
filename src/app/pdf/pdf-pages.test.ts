import { beforeEach, describe, expect, it } from 'vitest';
import { clampPage, loadPdfPage, MAX_REMEMBERED, savePdfPage } from './pdf-pages';

beforeEach(() => localStorage.clear());

describe('pdf page counters', () => {
  it('remembers the page per document under the pdfPage key, page 1 when unknown', () => {
    expect(loadPdfPage('case-01-r04')).toBe(1);
    savePdfPage('case-01-r04', 2);
    savePdfPage('case-02-r04', 5);
    expect(loadPdfPage('case-01-r04')).toBe(2);
    expect(loadPdfPage('case-02-r04')).toBe(5);
    expect(JSON.parse(localStorage.getItem('pdfPage')!)).toEqual({ 'case-01-r04': 2, 'case-02-r04': 5 });
    savePdfPage('case-01-r04', 3);
    expect(loadPdfPage('case-01-r04')).toBe(3);
  });

  it('treats anything unreadable as page 1', () => {
    localStorage.setItem('pdfPage', '{not json');
    expect(loadPdfPage('a')).toBe(1);
    localStorage.setItem('pdfPage', JSON.stringify({ a: -2, b: 1.5, c: '4' }));
    expect([loadPdfPage('a'), loadPdfPage('b'), loadPdfPage('c')]).toEqual([1, 1, 1]);
    localStorage.setItem('pdfPage', JSON.stringify([3]));
    expect(loadPdfPage('0')).toBe(1);
    savePdfPage('a', 2); // and recovers on the next save
    expect(loadPdfPage('a')).toBe(2);
  });

  it('forgets the least recently read documents beyond the limit', () => {
    for (let i = 0; i < MAX_REMEMBERED; i++) savePdfPage(`doc-${i}`, 2);
    savePdfPage('doc-0', 4); // read again: now the most recent
    savePdfPage('new', 3);
    expect(loadPdfPage('doc-1')).toBe(1);
    expect(loadPdfPage('doc-0')).toBe(4);
    expect(loadPdfPage('new')).toBe(3);
    expect(Object.keys(JSON.parse(localStorage.getItem('pdfPage')!))).toHaveLength(MAX_REMEMBERED);
  });

  it('keeps a wanted page inside the document', () => {
    expect(clampPage(5, 3)).toBe(3);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { safeHref } from './hyperlink';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('hyperlink', () => {
  it('sets url and title, null clears both; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'hyperlink', ['A', 'https://example.com', '例子']);
    expect(doc.get('A').data.hyperlinkTitle).toBe('例子');
    checkUndoRedo(doc, 'hyperlink', ['A', null]);
    expect(doc.get('A').data.hyperlink).toBeNull();
    expect(doc.get('A').data.hyperlinkTitle).toBeNull();
  });
  it('whitelists http, https, ftp and mailto for hrefs', () => {
    expect(safeHref('https://a.b')).toBe('https://a.b');
    expect(safeHref('ftp://a.b')).toBe('ftp://a.b');
    expect(safeHref('mailto:x@y.z')).toBe('mailto:x@y.z');
    expect(safeHref('javascript:alert(1)')).toBe('#');
    expect(safeHref('data:text/html,x')).toBe('#');
    expect(safeHref(null)).toBe('#');
  });
});

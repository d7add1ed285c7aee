import { describe, expect, it } from 'vitest';
import { safeHref, usableLink } from './hyperlink';
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
  it('makes a typed address usable: a bare host gets http://, other schemes are refused (issue 31.6)', () => {
    expect(usableLink(' www.baidu.com ')).toBe('http://www.baidu.com');
    expect(usableLink('baidu.com:8080/a?b=1')).toBe('http://baidu.com:8080/a?b=1');
    expect(usableLink('localhost:3000')).toBe('http://localhost:3000');
    expect(usableLink('//cdn.example.com/x')).toBe('http://cdn.example.com/x');
    expect(usableLink('HTTPS://a.b')).toBe('HTTPS://a.b');
    expect(usableLink('mailto:x@y.z')).toBe('mailto:x@y.z');
    expect(usableLink('javascript:alert(1)')).toBeNull();
    expect(usableLink('javascript:1')).toBeNull();
    expect(usableLink('JavaScript:void(0)')).toBeNull();
    expect(usableLink('data:text/html,x')).toBeNull();
    expect(usableLink('file:///etc/passwd')).toBeNull();
    expect(usableLink('   ')).toBeNull();
  });
});

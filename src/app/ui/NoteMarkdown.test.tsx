import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { NoteMarkdown } from './NoteMarkdown';

const html = (text: string) => render(<NoteMarkdown text={text} />).container;

describe('NoteMarkdown', () => {
  it('renders what kityminder notes use: emphasis, lists, code, links, headings, tables', () => {
    const c = html(
      '# 要点\n\n**加粗** 和 *斜体*，`代码`\n\n- 一\n- 二\n  1. 子项\n\n```\nSELECT 1;\n```\n\n[资料](https://example.com/a)\n\n| 列 | 值 |\n| - | - |\n| a | 1 |',
    );
    expect(c.querySelector('strong')?.textContent).toBe('加粗');
    expect(c.querySelector('em')?.textContent).toBe('斜体');
    expect(c.querySelector('p code')?.textContent).toBe('代码');
    expect([...c.querySelectorAll('ul > li')].map((li) => li.firstChild?.textContent)).toEqual(['一', '二']);
    expect(c.querySelector('ol li')?.textContent).toBe('子项');
    expect(c.querySelector('pre code')?.textContent).toBe('SELECT 1;');
    expect(c.querySelector('a')?.getAttribute('href')).toBe('https://example.com/a');
    expect(c.querySelector('a')?.getAttribute('rel')).toContain('noopener');
    expect(c.querySelector('.mind-note-md__heading')?.textContent).toBe('要点');
    expect(c.querySelector('td')?.textContent).toBe('a');
  });

  it('never turns a note into markup or script: raw HTML stays text, links cannot run code, images do not load', () => {
    const c = html('<img src=x onerror=alert(1)> <script>alert(2)</script>\n\n[点我](javascript:alert(3)) ![图](http://tracker.example/p.png)');
    expect(c.querySelector('img')).toBeNull();
    expect(c.querySelector('script')).toBeNull();
    expect(c.textContent).toContain('<img src=x onerror=alert(1)>');
    for (const a of c.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^https?:\/\//);
    // A javascript: link is its text alone, never http://javascript:… (issue 31.6).
    expect([...c.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['http://tracker.example/p.png']);
    expect(c.textContent).toContain('点我');
    expect(c.innerHTML).not.toContain('javascript');
  });

  it('opens a bare host with http:// (SPEC §2), mailto as it is', () => {
    const c = html('[百度](www.baidu.com) [信](mailto:a@b.cn)');
    expect([...c.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['http://www.baidu.com', 'mailto:a@b.cn']);
  });

  it('keeps plain text notes as they are, line breaks included', () => {
    const c = html('第一行\n第二行');
    expect(c.textContent).toContain('第一行');
    expect(c.textContent).toContain('第二行');
    expect(c.querySelector('p br')).not.toBeNull(); // a line break in a note is one on screen (breaks, as kityminder)
  });

  it('typesets $…$ formulas with KaTeX (no emphasis inside), named by their LaTeX; a price stays text', async () => {
    const c = html('\\$x$ 面积 $a_1 * b_2$ 与 *强调* 价格 $5');
    const math = c.querySelector('[aria-label="公式：a_1 * b_2"]')!;
    expect(math).not.toBeNull();
    expect(c.querySelector('em')?.textContent).toBe('强调');
    expect(c.textContent).toMatch(/^\$x\$ 面积 .* 价格 \$5$/);
    expect(c.querySelectorAll('[aria-label^="公式"]')).toHaveLength(1);
    await waitFor(() => expect(math.parentElement!.querySelector('.katex')).not.toBeNull());
    expect(c.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('公式：a_1 * b_2');
  });

  it('shows invalid LaTeX as its source in red, never throws', async () => {
    const c = html('错 $\\frac{1$');
    await waitFor(() => expect(c.querySelector('.katex-error')).not.toBeNull());
    expect(c.querySelector('.katex-error')?.textContent).toContain('\\frac{1');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HelpItem } from './HelpItem';
import { pageFrom } from './page';

describe('HelpItem', () => {
  it('is a disclosure: collapsed, then expanded by its button, showing stored HTML as text', () => {
    const content = '<img src=x onerror=alert(1)>第一行\n第二行';
    render(
      <ul>
        <HelpItem entry={{ uuid: '1', title: '如何报名课程？', content, category: '课程', createTime: '' }} />
      </ul>,
    );
    const toggle = screen.getByRole('button', { name: /如何报名课程？/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const region = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(region.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(region.hidden).toBe(false);
    expect(region.querySelector('img')).toBeNull();
    expect(region.textContent).toBe(content);
  });

  it('reads the page from the query', () => {
    expect([pageFrom('2'), pageFrom('0'), pageFrom(null)]).toEqual([2, 1, 1]);
  });
});

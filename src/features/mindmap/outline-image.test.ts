import { describe, expect, it } from 'vitest';
import { editedLines } from '../../mindmap';
import { outlineView } from './outline-image';

describe('outlineView (导出大纲图片)', () => {
  it('shows the root as the heading and one row per topic, indented by level', () => {
    const view = outlineView(editedLines('机器学习\n\t监督学习\n\t\t线性回归\n\t\t梯度下降\n\t无监督学习'));
    expect(view.querySelector('h1')?.textContent).toBe('机器学习');
    const rows = [...view.querySelectorAll('li')];
    expect(rows.map((r) => r.textContent)).toEqual(['监督学习', '线性回归', '梯度下降', '无监督学习']);
    expect(rows.map((r) => r.style.paddingLeft)).toEqual(['0px', '24px', '24px', '0px']);
  });
});

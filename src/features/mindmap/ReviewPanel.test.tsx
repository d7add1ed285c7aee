import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testController } from '../../mindmap';
import { ReviewPanel } from './ReviewPanel';

vi.mock('./api', () => ({ markForReview: vi.fn() }));

// outside walk: after a whole-branch 回忆练习 the list read 核心概念, 实践步骤, 核心概念, 实践步骤
describe('待复习 panel', () => {
  it('tells same-named due topics apart by the topic they are under; a unique title stays bare', async () => {
    const ctl = await testController();
    await ctl.run('editText', ['a11', '实践步骤']);
    const other = (await ctl.run('appendChild', ['b', '实践步骤']))!;
    const review = { due: new Set(['a11', other, 'a1']), scheduled: new Set<string>(), excluded: new Set<string>() };
    render(<ReviewPanel ctl={ctl} caseId="case-01" review={review} onChanged={() => {}} onClose={() => {}} />);
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(expect.arrayContaining(['实践步骤（甲一下）', '实践步骤（乙下）', '甲一']));
  });
});

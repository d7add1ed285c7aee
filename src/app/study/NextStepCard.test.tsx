import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NextStep } from '../../contract/review';
import { NextStepCard } from './NextStepCard';

const api = vi.hoisted(() => ({ fetchNextStep: vi.fn() }));
vi.mock('./study-api', () => api);

const review = (count: number): NextStep => ({
  caseId: 'case-01',
  kind: 'review',
  nodeId: '',
  nodeName: '',
  count,
  reason: `有 ${count} 个主题到了复习时间：在快要忘记时回想一次，记得最牢。`,
});

afterEach(() => api.fetchNextStep.mockReset());

describe('NextStepCard on the map', () => {
  // Outside walk at 375 px: the banner took a strip of the map with no way to put it away.
  it('收起 puts the step away until a different step comes', async () => {
    api.fetchNextStep.mockResolvedValue(review(3));
    const view = render(<NextStepCard caseId="case-01" compact tick="a" />);
    const region = await screen.findByRole('region', { name: '下一步' });
    expect(region.textContent).toBe('下一步：有 3 个主题到了复习时间：在快要忘记时回想一次，记得最牢。去复习');
    fireEvent.click(screen.getByRole('button', { name: '收起下一步' }));
    expect(screen.queryByRole('region', { name: '下一步' })).toBeNull();
    // The same step asked again stays away; one more topic due is a new step.
    view.rerender(<NextStepCard caseId="case-01" compact tick="b" />);
    await waitFor(() => expect(api.fetchNextStep).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('region', { name: '下一步' })).toBeNull();
    api.fetchNextStep.mockResolvedValue(review(4));
    view.rerender(<NextStepCard caseId="case-01" compact tick="c" />);
    expect((await screen.findByRole('region', { name: '下一步' })).textContent).toContain('有 4 个主题');
  });

  it('away from the map (the case page, 学习中心) it cannot be put away', async () => {
    api.fetchNextStep.mockResolvedValue(review(2));
    render(<NextStepCard caseId="case-01" compact away />);
    await screen.findByRole('region', { name: '下一步' });
    expect(screen.queryByRole('button', { name: '收起下一步' })).toBeNull();
  });
});

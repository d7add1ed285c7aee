import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StudyChart } from './StudyChart';

const created: { type: string; labels: string[] }[] = [];
const destroyed = vi.fn();
vi.mock('chart.js', () => ({
  Chart: class {
    static register = vi.fn();
    constructor(_canvas: HTMLCanvasElement, config: { type: string; data: { labels: string[] } }) {
      created.push({ type: config.type, labels: config.data.labels });
    }
    destroy = destroyed;
  },
  BarController: {},
  BarElement: {},
  CategoryScale: {},
  LinearScale: {},
  Tooltip: {},
}));

describe('StudyChart', () => {
  it('draws with chart.js loaded on demand and offers a text alternative', async () => {
    const { unmount } = render(
      <StudyChart
        title="每日学习时长"
        summary="共学习 2 小时。"
        data={{ labels: ['11-22', '11-23'], values: [30, 90], series: '分钟' }}
        table={
          <table>
            <caption>明细</caption>
            <tbody>
              <tr>
                <td>30</td>
              </tr>
            </tbody>
          </table>
        }
      />,
    );
    const img = screen.getByRole('img', { name: '每日学习时长' });
    expect(document.getElementById(img.getAttribute('aria-describedby')!)?.textContent).toContain('共学习 2 小时。');
    expect(screen.getByRole('table', { name: '明细' })).toBeTruthy();
    await waitFor(() => expect(created).toEqual([{ type: 'bar', labels: ['11-22', '11-23'] }]));
    unmount();
    expect(destroyed).toHaveBeenCalled();
  });
});

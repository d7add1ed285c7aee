import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SheetDialog } from './SheetDialog';

// 选择画布 (issue 33.2): every sheet a labelled check box (or radio button in the editor), the
// floating-topics notice beside its sheet, 全选/全不选, nothing chosen cannot be submitted, and
// closing the dialog (Esc, 跳过此文件) answers no sheet.

const sheets = [
  { title: '第一章', topics: 8, notices: ['自由主题 1 个已连同其下级主题和备注放在中心主题下，作为最后的分支'] },
  { title: '第二章', topics: 3, notices: [] },
];

describe('SheetDialog', () => {
  it('many: all checked at first, 全不选 leaves nothing to import, the chosen ones answered in sheet order', () => {
    const onDone = vi.fn();
    render(<SheetDialog fileName="论文.xmind" sheets={sheets} multiple onDone={onDone} />);
    expect(screen.getByRole('dialog', { name: '选择要导入的画布' })).toBeTruthy();
    expect(screen.getByText(/「论文.xmind」有 2 个画布/)).toBeTruthy();
    expect(screen.getByText(/自由主题 1 个/)).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true]);
    fireEvent.click(screen.getByRole('button', { name: '全不选' }));
    expect((screen.getByRole('button', { name: '导入所选（0）' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /第二章/ }));
    fireEvent.click(screen.getByRole('button', { name: '导入所选（1）' }));
    expect(onDone).toHaveBeenLastCalledWith([1]);
  });

  it('one (the editor): radio buttons, the first chosen; 取消 answers none', () => {
    const onDone = vi.fn();
    render(<SheetDialog fileName="论文.xmind" sheets={sheets} multiple={false} onDone={onDone} />);
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    fireEvent.click(screen.getByRole('radio', { name: /第二章/ }));
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(onDone).toHaveBeenLastCalledWith([1]);
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onDone).toHaveBeenLastCalledWith([]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { LostEditsDialog, describe as say } from './LostEditsDialog';

describe('what a page could not save when its student lost the right to edit', () => {
  it('names the titles and the other changes, and why', () => {
    expect(say({ reason: '创建者把你改为只读成员', titles: ['细胞膜', '细胞核'], others: 0 })).toBe(
      '创建者把你改为只读成员，你还没保存的下面 2 个标题不会再保存。标题可以复制留存。',
    );
    expect(say({ reason: '你已不是这张导图的成员', titles: ['细胞膜'], others: 3 })).toBe(
      '你已不是这张导图的成员，你还没保存的下面 1 个标题和 3 处其他修改（移动、删除、备注等）不会再保存。标题可以复制留存。',
    );
    expect(say({ reason: '导图已被删除', titles: [], others: 2 })).toBe('导图已被删除，你还没保存的 2 处其他修改（移动、删除、备注等）不会再保存。');
  });

  it('shows the titles one per line in a read-only field to copy', () => {
    render(<LostEditsDialog lost={{ reason: '创建者把你改为只读成员', titles: ['细胞膜', '磷脂双分子层'], others: 0 }} onClose={() => {}} />);
    const field = screen.getByRole('textbox', { name: '没有保存的标题' }) as HTMLTextAreaElement;
    expect(field.value).toBe('细胞膜\n磷脂双分子层');
    expect(field.readOnly).toBe(true);
    screen.getByRole('button', { name: '复制' });
    screen.getByRole('button', { name: '知道了' });
  });

  it('takes the focus as it opens, from the title field of the map behind: on the titles to copy, else on 知道了; gives it back to the map', async () => {
    const field = document.createElement('textarea');
    document.body.append(field);
    field.focus();
    const back = vi.fn();
    const lost = { reason: '你正在编辑的主题已在别处删除', titles: ['b2 edited'], others: 0 };
    const { rerender } = render(<LostEditsDialog lost={null} onClose={() => {}} returnFocus={back} />);
    rerender(<LostEditsDialog lost={lost} onClose={() => {}} returnFocus={back} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: '没有保存的标题' })));
    rerender(<LostEditsDialog lost={null} onClose={() => {}} returnFocus={back} />);
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1));
    rerender(<LostEditsDialog lost={{ ...lost, titles: [], others: 2 }} onClose={() => {}} returnFocus={back} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '知道了' })));
    field.remove();
  });
});

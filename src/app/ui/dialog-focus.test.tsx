import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignUpDialog } from '../../features/activity/SignUpDialog';
import { NewMapDialog, RenameDialog } from '../../features/personal/my-map-dialogs';
import { LoginDialog } from '../auth/LoginDialog';
import { closeLogin, openLogin } from '../ui-store';

// Issue 31 (outside walk): every dialog with a × opened with the focus on ×, so a keyboard or
// screen-reader student first met 关闭 and had to tab to the form. They open on their first field.

afterEach(() => closeLogin());

describe('dialogs open on their first field', () => {
  it('登录 opens on 手机号', async () => {
    openLogin();
    render(<LoginDialog />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('手机号')));
  });

  it('填写信息 opens on 姓名', async () => {
    render(<SignUpDialog open onOpenChange={() => {}} teacherId="tutor-03" onSubmitted={() => {}} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('姓名')));
  });

  it('新建导图 opens on the template, 重命名 on the name', async () => {
    const { unmount } = render(<NewMapDialog open onClose={() => {}} onCreate={vi.fn()} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]));
    unmount();
    render(<RenameDialog title="生物" onClose={() => {}} onRename={vi.fn()} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox')));
  });
});

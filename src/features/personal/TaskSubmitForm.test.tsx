import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { submitTask, uploadFile } from './api';
import { TaskSubmitForm } from './TaskSubmitForm';

vi.mock('./api', () => ({ uploadFile: vi.fn(), submitTask: vi.fn() }));

const uploaded = {
  uid: 'f-1',
  uuid: 'f-1',
  createTime: '2026-11-24 10:00:00',
  fileName: '报告.pdf',
  fileSize: 2048,
  contentType: 'application/pdf',
  fileUrl: '/x',
  downloadUrl: '/y',
};

beforeEach(() => {
  vi.mocked(uploadFile).mockReset();
  vi.mocked(submitTask).mockReset();
});

describe('TaskSubmitForm', () => {
  it('requires an answer and sends nothing without one', async () => {
    render(<TaskSubmitForm taskId="t1" initialAnswer="" onSubmitted={vi.fn()} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '提交任务' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('请输入作答内容');
    expect(screen.getByLabelText('作答内容').getAttribute('aria-invalid')).toBe('true');
    expect(submitTask).not.toHaveBeenCalled();
  });

  it('shows upload progress, then the file, and submits the answer with its id', async () => {
    let finish: (v: Awaited<ReturnType<typeof uploadFile>>) => void = () => {};
    vi.mocked(uploadFile).mockImplementation((_file, onProgress) => {
      onProgress?.(40);
      return new Promise((r) => (finish = r));
    });
    vi.mocked(submitTask).mockResolvedValue({ resultCode: 200, errMsg: '', data: { taskId: 't1', status: 2 } });
    const onSubmitted = vi.fn();
    render(<TaskSubmitForm taskId="t1" initialAnswer="" onSubmitted={onSubmitted} />);

    const file = new File(['x'.repeat(2048)], '报告.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/^附件/), { target: { files: [file] } });
    });
    const bar = screen.getByRole('progressbar', { name: '报告.pdf 上传进度' }) as HTMLProgressElement;
    expect(bar.value).toBe(40);
    expect((screen.getByRole('button', { name: '提交任务' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => finish({ resultCode: 200, errMsg: '', data: uploaded }));
    expect(screen.getByText(/已上传：报告\.pdf（2KB）/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('作答内容'), { target: { value: ' 见附件 ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '提交任务' }));
    });
    expect(submitTask).toHaveBeenCalledWith({ taskId: 't1', answer: '见附件', fileId: 'f-1' });
    expect(onSubmitted).toHaveBeenCalledOnce();
  });

  it('refuses files over 20 MB before uploading', async () => {
    render(<TaskSubmitForm taskId="t1" initialAnswer="" onSubmitted={vi.fn()} />);
    const big = new File(['x'], 'big.zip');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/^附件/), { target: { files: [big] } });
    });
    expect(screen.getByRole('alert').textContent).toBe('文件不能超过20MB');
    expect(uploadFile).not.toHaveBeenCalled();
  });
});

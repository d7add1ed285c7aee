import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { RESULT_OK } from '../../app/http/client';
import { formatFileSize } from '../../app/lib/format';
import { toast } from '../../app/ui/toast-store';
import { submitTask, uploadFile, type UploadedFile } from './api';

/** The server's upload limit (files module); checked here too so a student is not made to wait for a refusal. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const ANSWER_REQUIRED = '请输入作答内容';

type Upload =
  { state: 'idle' } | { state: 'uploading'; name: string; percent: number } | { state: 'done'; file: UploadedFile } | { state: 'failed'; message: string };

/** Answer text plus one optional attachment, uploaded as soon as it is chosen, with progress. */
export function TaskSubmitForm({ taskId, initialAnswer, onSubmitted }: { taskId: string; initialAnswer: string; onSubmitted(): void }) {
  const id = useId();
  const [answer, setAnswer] = useState(initialAnswer);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [sending, setSending] = useState(false);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again still fires change
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setUpload({ state: 'failed', message: '文件不能超过20MB' });
      return;
    }
    setUpload({ state: 'uploading', name: file.name, percent: 0 });
    try {
      const res = await uploadFile(file, (percent) => setUpload({ state: 'uploading', name: file.name, percent }));
      if (res.resultCode === RESULT_OK) setUpload({ state: 'done', file: res.data });
      else setUpload({ state: 'failed', message: res.errMsg || '上传失败' });
    } catch {
      setUpload({ state: 'failed', message: '上传失败，请稍后重试' });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (answer.trim() === '') {
      setAnswerError(ANSWER_REQUIRED);
      return;
    }
    setSending(true);
    try {
      const res = await submitTask({ taskId, answer: answer.trim(), fileId: upload.state === 'done' ? upload.file.uid : undefined });
      if (res.resultCode === RESULT_OK) {
        toast.success('任务提交成功');
        onSubmitted();
      } else toast.error(res.errMsg);
    } catch {
      toast.error('提交失败，请稍后重试');
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="提交任务">
      <label htmlFor={`${id}-answer`} className="field__label">
        作答内容
      </label>
      <textarea
        id={`${id}-answer`}
        className="task-answer"
        value={answer}
        maxLength={20000}
        aria-invalid={answerError ? true : undefined}
        aria-describedby={answerError ? `${id}-answer-err` : undefined}
        onChange={(e) => {
          setAnswer(e.target.value);
          if (answerError && e.target.value.trim()) setAnswerError(null);
        }}
        onBlur={() => setAnswerError(answer.trim() ? null : ANSWER_REQUIRED)}
      />
      {answerError && (
        <p id={`${id}-answer-err`} className="task-form__error" role="alert">
          {answerError}
        </p>
      )}
      <div className="task-upload">
        <label htmlFor={`${id}-file`}>附件（可选，不超过20MB）</label>
        <input id={`${id}-file`} type="file" onChange={(e) => void choose(e)} disabled={upload.state === 'uploading'} />
        {upload.state === 'uploading' && (
          <span role="status">
            <progress max={100} value={upload.percent} aria-label={`${upload.name} 上传进度`} /> {upload.percent}%
          </span>
        )}
        {upload.state === 'done' && (
          <span role="status">
            已上传：{upload.file.fileName}（{formatFileSize(upload.file.fileSize)}）
            <button type="button" className="btn" onClick={() => setUpload({ state: 'idle' })} aria-label={`移除附件 ${upload.file.fileName}`}>
              移除
            </button>
          </span>
        )}
        {upload.state === 'failed' && (
          <span className="task-form__error" role="alert">
            {upload.message}
          </span>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={sending || upload.state === 'uploading'}>
        {sending ? '提交中…' : '提交任务'}
      </button>
    </form>
  );
}

import { AlertDialog } from 'radix-ui';

/** Asks before handing in; names unanswered questions so nothing is submitted by accident. */
export function SubmitConfirm({
  open,
  onOpenChange,
  unanswered,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  unanswered: number;
  onConfirm(): void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="exam-dialog__overlay" />
        <AlertDialog.Content className="exam-dialog">
          <AlertDialog.Title className="exam-dialog__title">确认交卷</AlertDialog.Title>
          <AlertDialog.Description className="exam-dialog__desc">
            {unanswered > 0 ? `还有 ${unanswered} 道题未作答，` : '所有题目均已作答，'}交卷后将不能修改答案。确定要交卷吗？
          </AlertDialog.Description>
          <div className="exam-dialog__actions">
            <AlertDialog.Cancel className="btn">继续答题</AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn--primary" onClick={onConfirm}>
              确认交卷
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import type { MemberList, MemberRole } from '../../contract/sharing';
import { errorText } from '../../app/ui/use-remote';
import { ROLE_LABEL, inviteMember, mapMembers, removeMember, setMemberRole, type MapRef } from './share-api';
import '../../app/ui/dialog-box.css';
import './share-dialog.css';

/**
 * 共享 (the owner's dialog): invite a classmate by 学号 as 可编辑 or 只读, change a member's role,
 * remove them. What the server refuses (unknown 学号, oneself, the limit) is said here, in an
 * alert next to the form, and the typed 学号 stays.
 */
export function ShareDialog({ open, onClose, map }: { open: boolean; onClose(): void; map: MapRef }) {
  const [list, setList] = useState<MemberList | null>(null);
  const [studentNo, setStudentNo] = useState('');
  const [role, setRole] = useState<MemberRole>('edit');
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const noId = useId();
  const noHintId = useId();
  const roleId = useId();
  // Asked when the dialog opens, for the map it names — not again when the page re-renders with
  // an equal ref (a live page re-renders on every presence change; that cleared what was just said).
  const { kind, mapId } = map;
  useEffect(() => {
    if (!open) return;
    setError('');
    setSaid('');
    // the list of the last opening is not shown as this one's (a member may have left meanwhile)
    setList(null);
    mapMembers({ kind, mapId }).then(setList, (e) => setError(errorText(e)));
  }, [open, kind, mapId]);

  const act = async (run: () => Promise<MemberList>, done: string | ((list: MemberList) => string)) => {
    setBusy(true);
    setError('');
    setSaid('');
    try {
      const now = await run();
      setList(now);
      setSaid(typeof done === 'string' ? done : done(now));
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const invite = async (e: FormEvent) => {
    e.preventDefault();
    const no = studentNo.trim();
    if (!no) {
      setSaid('');
      return setError('请输入同学的学号');
    }
    // the answer lists the new member by name: the student is named, as the list below names them
    const invited = (now: MemberList) => {
      const m = now.members.find((x) => x.studentNo === no);
      return m ? `已邀请 ${m.name}（学号 ${no}，${ROLE_LABEL[m.role]}）` : `已邀请学号 ${no}（${ROLE_LABEL[role]}）`;
    };
    if (await act(() => inviteMember(map, no, role), invited)) setStudentNo('');
  };
  const left = list ? list.max - list.members.length : null;

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-box share-dialog" aria-describedby={undefined}>
          <Dialog.Title className="share-dialog__title">共享导图</Dialog.Title>
          <form className="share-dialog__invite" onSubmit={(e) => void invite(e)}>
            <label htmlFor={noId}>同学的学号</label>
            <input
              id={noId}
              className="share-dialog__input"
              value={studentNo}
              maxLength={32}
              autoComplete="off"
              aria-describedby={noHintId}
              onChange={(e) => setStudentNo(e.target.value)}
            />
            <p id={noHintId} className="share-dialog__field-hint">
              同学可在「个人中心 › 个人设置」里查看自己的学号
            </p>
            <label htmlFor={roleId}>权限</label>
            <select id={roleId} className="share-dialog__input" value={role} onChange={(e) => setRole(e.target.value as MemberRole)}>
              <option value="edit">{ROLE_LABEL.edit}</option>
              <option value="view">{ROLE_LABEL.view}</option>
            </select>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              邀请
            </button>
          </form>
          <p className="share-dialog__error" role="alert">
            {error}
          </p>
          {/* what was done, seen as well as heard (the walk: 已邀请 … was for screen readers only) */}
          <p className="share-dialog__said" role="status" aria-live="polite">
            {said}
          </p>
          {list && (
            <>
              <h3 className="share-dialog__sub">
                成员（{list.members.length}）{left !== null && <span className="share-dialog__left">还可邀请 {left} 人</span>}
              </h3>
              <ul className="share-dialog__members" aria-label="导图成员">
                <li className="share-dialog__member">
                  <span>{list.owner.name}</span>
                  <span className="share-dialog__hint">创建者</span>
                </li>
                {list.members.map((m) => (
                  <li key={m.studentId} className="share-dialog__member">
                    <span>
                      {m.name} <span className="share-dialog__hint">学号 {m.studentNo}</span>
                    </span>
                    <select
                      className="share-dialog__input"
                      aria-label={`${m.name}的权限`}
                      value={m.role}
                      disabled={busy}
                      onChange={(e) => {
                        const r = e.target.value as MemberRole;
                        void act(() => setMemberRole(map, m.studentId, r), `${m.name}的权限已改为${ROLE_LABEL[r]}`);
                      }}
                    >
                      <option value="edit">{ROLE_LABEL.edit}</option>
                      <option value="view">{ROLE_LABEL.view}</option>
                    </select>
                    <button
                      type="button"
                      className="btn btn--small"
                      disabled={busy}
                      onClick={() => void act(() => removeMember(map, m.studentId), `已移除${m.name}`)}
                    >
                      移除<span className="visually-hidden">{m.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
              {!list.members.length && <p className="share-dialog__hint">还没有共享给同学。输入学号邀请后，对方在「我的导图 · 共享给我的」里打开。</p>}
            </>
          )}
          <Dialog.Close className="dialog-box__close" aria-label="关闭">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

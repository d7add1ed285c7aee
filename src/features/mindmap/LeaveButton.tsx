import { useState } from 'react';

/** 退出共享, asked once more before it happens (only the owner can invite the student back). */
export function LeaveButton({ onLeave }: { onLeave(): Promise<void> }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="mind-toolbar__btn" onClick={() => setAsking(true)}>
        退出共享
      </button>
    );
  return (
    <span role="group" aria-label="退出共享">
      退出后需要创建者重新邀请。
      <button type="button" className="mind-toolbar__btn" onClick={() => void onLeave()}>
        确定退出
      </button>
      <button type="button" className="mind-toolbar__btn" autoFocus onClick={() => setAsking(false)}>
        取消
      </button>
    </span>
  );
}

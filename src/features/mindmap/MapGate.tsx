import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ListStatus } from '../../app/ui/ListStatus';
import type { RemoteState } from '../../app/ui/use-remote';
import { GRADUATED_MSG } from './api';
import { mapRefusal } from './share-api';

/**
 * Loading / error / graduated refusal in front of a map screen. `caseId`: the case the address
 * names now. A loader keeps its last data while the next one loads, and a map screen must never
 * be shown (nor save) one case's map under another case's address: data of another case counts
 * as none (outside walk: case-04's map stayed on screen at ?caseId=case-01 and saved into it).
 */
export function MapGate<T extends { caseId: string }>({
  remote,
  label,
  caseId,
  children,
}: {
  remote: RemoteState<T> & { reload(): void };
  label: string;
  caseId: string;
  children: (data: T) => ReactNode;
}) {
  if (remote.data && remote.data.caseId === caseId) return <>{children(remote.data)}</>;
  if (remote.data && remote.status === 'ok') return null; // (the next load has not started yet)
  if (remote.status === 'error' && remote.error === GRADUATED_MSG) {
    return (
      <div className="container mind-gate">
        <section className="mind-refusal" aria-labelledby="refusal-title">
          <h1 id="refusal-title">{GRADUATED_MSG}</h1>
          <p>你已完成该案例的学习并结业，可以浏览其他项目案例继续学习。</p>
          <Link href="/project/list" className="btn btn--primary">
            返回案例列表
          </Link>
        </section>
      </div>
    );
  }
  return (
    <div className="container mind-gate">
      <ListStatus
        label={label}
        status={remote.status}
        hasData={false}
        error={remote.error}
        onRetry={remote.reload}
        // (a former member of a classmate's map: told why, and led back to 我的导图 where 共享给我的 is)
        refused={{
          resultCode: remote.status === 'error' ? remote.resultCode : undefined,
          ...mapRefusal(remote.error, { href: '/project/list', label: '返回案例列表' }),
        }}
      >
        {null}
      </ListStatus>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { Tabs } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { useHoldFooter } from '../../app/layout/footer-hold';
import { withQuery } from '../../app/router/hash-location';
import { Empty } from '../../app/ui/Empty';
import { ListStatus } from '../../app/ui/ListStatus';
import { Pager } from '../../app/ui/Pager';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import { pageTutors, wholeTutorList, type TutorItem } from './api';
import { activity, setPage, setTab, type ActivityTab } from './activity-store';
import { findActiveSignUp, STATUS_LABEL } from './signup-rules';
import { TutorCard } from './TutorCard';
import './activity.css';

/** Where a card leads (SPEC §2): TutorDetail with id, uid, isSignIn and isDone in the query. */
export function detailHref(t: TutorItem, active: TutorItem | undefined): string {
  return withQuery('/tutorDetail', { id: t.uuid, uid: t.userId, isSignIn: t.isSignIn, isDone: active ? 1 : undefined });
}

/**
 * The tutor activity area (SPEC §2 activity area): banner, tabs 导师报名 (0) / 活动报名 (1) and a
 * pager. Tab and page live in a persisted store, so Back from a detail or a reload keeps the page.
 */
export function ActivityArea() {
  const { tab, page } = useSnapshot(activity);
  const list = useRemote(() => (tab === '0' ? pageTutors(page).then(unwrap) : Promise.resolve(undefined)), [tab, page]);
  const data = list.data;
  const { active, checking } = useActiveSignUp(data);
  useHoldFooter(tab === '0' && !data && list.status === 'loading');

  // A stored page beyond the last one (tutors were removed since) falls back to the last page.
  useEffect(() => {
    if (data && data.pages > 0 && page > data.pages) setPage(data.pages);
  }, [data, page]);

  const records = data?.records ?? [];
  return (
    <div className="activity">
      <section className="activity-banner" aria-labelledby="activity-title">
        <div className="container">
          <h1 id="activity-title">导师活动</h1>
          <p>名师引路，助力成长：选择心仪的导师，在导师指导下参与科研项目与学科竞赛。</p>
        </div>
      </section>
      <div className="container activity__body">
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as ActivityTab)}>
          <Tabs.List className="activity-tabs" aria-label="活动分类">
            <Tabs.Trigger value="0" className="activity-tabs__tab">
              导师报名
            </Tabs.Trigger>
            <Tabs.Trigger value="1" className="activity-tabs__tab">
              活动报名
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="0" className="activity-panel" aria-busy={checking}>
            {active && (
              <p className="activity-notice" role="status">
                您已报名导师 <strong>{active.name}</strong>（{STATUS_LABEL[active.status!]}），同一时间只能报名一位导师。
              </p>
            )}
            {list.status === 'error' && data && (
              <p className="activity-error" role="alert">
                导师列表加载失败：{list.error}
                <button type="button" className="activity-error__retry" onClick={list.reload}>
                  重试
                </button>
              </p>
            )}
            {/* Before the first answer the list is not shown at all (SPEC §4); later loads keep it on screen. */}
            <ListStatus
              status={data ? (list.status === 'loading' ? 'loading' : 'ok') : list.status}
              hasData={records.length > 0}
              error={list.error}
              onRetry={list.reload}
              emptyText="暂无导师"
              label="导师列表"
            >
              <ul className="tutor-grid">
                {records.map((t) => (
                  <TutorCard key={t.uuid} tutor={t} href={detailHref(t, active)} />
                ))}
              </ul>
            </ListStatus>
            {data && <Pager page={page} pages={data.pages} onChange={setPage} label="导师分页" />}
          </Tabs.Content>
          <Tabs.Content value="1" className="activity-panel">
            <Empty text="暂无活动" />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </div>
  );
}

type LoadedTutors = Parameters<typeof findActiveSignUp>[0];

/**
 * The existing sign-up check (SPEC §7), re-run whenever a new page of tutors arrives. `checking`
 * holds from the render that shows a page until its check answers (the whole list may be fetched),
 * so the panel says it is busy until the notice above the list is settled.
 */
function useActiveSignUp(loaded: LoadedTutors | undefined): { active?: TutorItem; checking: boolean } {
  const [result, setResult] = useState<{ for?: LoadedTutors; active?: TutorItem }>({});
  useEffect(() => {
    if (!loaded) return;
    let stale = false;
    void findActiveSignUp(loaded, wholeTutorList).then((active) => {
      if (!stale) setResult({ for: loaded, active });
    });
    return () => {
      stale = true;
    };
  }, [loaded]);
  return { active: result.active, checking: !!loaded && result.for !== loaded };
}

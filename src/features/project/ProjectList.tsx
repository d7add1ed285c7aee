import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { loadAlwaysFetched, reference, type TreeItem } from '../../app/session/reference-store';
import { withQuery } from '../../app/router/hash-location';
import { Catalog } from '../../app/ui/Catalog';
import { FilterChips } from '../../app/ui/FilterChips';
import { ListStatus } from '../../app/ui/ListStatus';
import { CardGrid, CardGridItem, MediaCard } from '../../app/ui/MediaCard';
import { Pager } from '../../app/ui/Pager';
import { useListQuery } from '../../app/ui/list-query';
import { useRemote } from '../../app/ui/use-remote';
import { fetchCases } from './api';
import { classifyRows } from './case-helpers';

const KEYS = ['name', 'classify', 'year'] as const;

export const APPLY_TAG: Record<number, string | undefined> = { 1: '学习中', 2: '已结业' };

/** 项目案例 catalogue (SPEC §2 /project/list): classification tree, year, ?name= search, pager; all in the URL. */
export function ProjectList() {
  const [q, setQuery] = useListQuery(KEYS);
  const { classifyList, years } = useSnapshot(reference);
  const rows = classifyRows(classifyList as readonly TreeItem[], q.classify);
  // The start-up fetch of the classification list fails before login (the service wants a token,
  // reported); fetch it again once a signed-in student reaches the list.
  const missing = classifyList.length === 0;
  useEffect(() => {
    if (missing) void loadAlwaysFetched();
  }, [missing]);
  const list = useRemote(() => fetchCases(q), [q.page, q.name, q.classify, q.year]);
  const records = list.data?.records ?? [];

  return (
    <Catalog
      title="项目案例"
      searchLabel="搜索项目案例"
      searchPlaceholder="搜索案例名称"
      onSearch={(name) => setQuery({ name, page: 1 }, { replace: true })}
      name={q.name}
      total={list.data?.total}
      unit="个案例"
      filters={
        rows.top.length + years.length > 0 && (
          <>
            {rows.top.length > 0 && <FilterChips label="分类" options={rows.top} value={rows.topValue} onChange={(classify) => setQuery({ classify })} />}
            {rows.sub.length > 0 && <FilterChips label="子分类" options={rows.sub} value={rows.subValue} onChange={(sub) => setQuery({ classify: sub || rows.topValue })} />}
            {years.length > 0 && <FilterChips label="年份" options={years.map((y) => ({ value: y.dictValue, label: y.dictLabel }))} value={q.year} onChange={(year) => setQuery({ year })} />}
          </>
        )
      }
    >
      <ListStatus label="案例列表" status={list.status} hasData={records.length > 0} error={list.error} onRetry={list.reload} emptyText={q.name ? '没有找到相关案例，换个关键词试试' : '暂无项目案例'}>
        <CardGrid label="项目案例">
          {records.map((c) => (
            <CardGridItem key={c.caseId}>
              <MediaCard
                href={withQuery('/project/detail', { id: c.caseId })}
                title={c.name}
                cover={c.cover}
                tag={APPLY_TAG[c.applyStatus] ?? (c.classifyName || undefined)}
                desc={c.intro}
                meta={
                  <>
                    {c.teacherName && <span>{c.teacherName}</span>}
                    <span>{c.nodeCount} 个知识点</span>
                    <span>{c.studyCount} 人在学</span>
                  </>
                }
              />
            </CardGridItem>
          ))}
        </CardGrid>
      </ListStatus>
      <Pager page={q.page} pages={list.data?.pages ?? 0} onChange={(page) => setQuery({ page })} label="案例分页" />
    </Catalog>
  );
}

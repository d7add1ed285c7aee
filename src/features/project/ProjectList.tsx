import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { loadAlwaysFetched, reference, type TreeItem } from '../../app/session/reference-store';
import { ALL_YEARS, listYear, yearOptions, yearParam } from '../../app/session/list-year';
import { withQuery } from '../../app/router/hash-location';
import { CardProgress } from '../../app/ui/CardProgress';
import { Catalog, CatalogCards } from '../../app/ui/Catalog';
import { FilterChips } from '../../app/ui/FilterChips';
import { OtherYears } from '../../app/ui/OtherYears';
import { useListQuery } from '../../app/ui/list-query';
import { useRemote } from '../../app/ui/use-remote';
import { countCasesEveryYear, fetchCases } from './api';
import { classifyRows } from './case-helpers';

const KEYS = ['name', 'classify', 'year'] as const;

export const APPLY_TAG: Record<number, string | undefined> = { 1: '学习中', 2: '已结业' };

/** 项目案例 catalogue (SPEC §2 /project/list): classification tree, year (default year first, see listYear), ?name= search, pager; all in the URL. */
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
  const year = listYear(q.year, q.name, years);
  const list = useRemote(() => fetchCases({ ...q, year }), [q.page, q.name, q.classify, year]);
  // how many cases every year holds with the same filters, for the hint under a one-year list
  const everyYear = useRemote(() => (year ? countCasesEveryYear(q) : Promise.resolve(0)), [q.name, q.classify, year]);

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
            {rows.sub.length > 0 && (
              <FilterChips label="子分类" options={rows.sub} value={rows.subValue} onChange={(sub) => setQuery({ classify: sub || rows.topValue })} />
            )}
            {years.length > 0 && (
              <FilterChips label="年份" options={yearOptions(years)} value={year} onChange={(chip) => setQuery({ year: yearParam(chip) })} />
            )}
          </>
        )
      }
    >
      <OtherYears year={year} shown={list.data?.total} everyYear={everyYear.data} unit="个案例" onAll={() => setQuery({ year: ALL_YEARS })} />
      <CatalogCards
        list={list}
        labels={{ list: '案例列表', grid: '项目案例', pager: '案例分页' }}
        emptyText={q.name ? '没有找到相关案例，换个关键词试试' : '暂无项目案例'}
        page={q.page}
        onPage={(page) => setQuery({ page })}
        keyOf={(c) => c.caseId}
        card={(c) => ({
          href: withQuery('/project/detail', { id: c.caseId }),
          title: c.name,
          cover: c.cover,
          tag: APPLY_TAG[c.applyStatus] ?? (c.classifyName || undefined),
          desc: c.intro,
          meta: (
            <>
              {c.teacherName && <span>{c.teacherName}</span>}
              <span>{c.nodeCount} 个知识点</span>
              <span>{c.studyCount} 人在学</span>
              <CardProgress applyStatus={c.applyStatus} progress={c.progress} />
            </>
          ),
        })}
      />
    </Catalog>
  );
}

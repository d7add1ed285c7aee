import { withQuery } from '../../app/router/hash-location';
import { Catalog, CatalogCards } from '../../app/ui/Catalog';
import { useListQuery } from '../../app/ui/list-query';
import { useRemote } from '../../app/ui/use-remote';
import { fetchPractices } from './api';

const KEYS = ['name'] as const;
const STATUS_TAG: Record<number, string | undefined> = { 1: '练习中', 2: '已完成' };

/** 实践训练 (SPEC §2 /practice; header search type 3 lands here with ?name=). */
export function PracticeList() {
  const [q, setQuery] = useListQuery(KEYS);
  const list = useRemote(() => fetchPractices(q), [q.page, q.name]);
  return (
    <Catalog
      title="实践训练"
      searchLabel="搜索实践训练"
      searchPlaceholder="搜索训练名称"
      onSearch={(name) => setQuery({ name, page: 1 }, { replace: true })}
      name={q.name}
      total={list.data?.total}
      unit="个训练"
    >
      <CatalogCards
        list={list}
        labels={{ list: '实践训练列表', grid: '实践训练', pager: '实践训练分页' }}
        emptyText={q.name ? '没有找到相关训练，换个关键词试试' : '暂无实践训练'}
        page={q.page}
        onPage={(page) => setQuery({ page })}
        keyOf={(p) => p.caseId}
        card={(p) => ({
          href: withQuery('/practiceDetail', { id: p.caseId }),
          title: p.name,
          cover: p.cover,
          tag: STATUS_TAG[p.applyStatus],
          desc: p.intro,
          meta: (
            <>
              <span>{p.nodeCount} 个步骤</span>
              <span>{p.studyCount} 人练习</span>
            </>
          ),
        })}
      />
    </Catalog>
  );
}

import { useSnapshot } from 'valtio';
import { reference, dictItems } from '../../app/session/reference-store';
import { ALL_YEARS, listYear, yearOptions, yearParam } from '../../app/session/list-year';
import { FilterChips } from '../../app/ui/FilterChips';
import { OtherYears } from '../../app/ui/OtherYears';
import { Catalog, CatalogCards } from '../../app/ui/Catalog';
import { CardProgress, coursePercent } from '../../app/ui/CardProgress';
import { useListQuery } from '../../app/ui/list-query';
import { useRemote } from '../../app/ui/use-remote';
import { formatDuration } from '../../app/lib/format';
import { withQuery } from '../../app/router/hash-location';
import { countCoursesEveryYear, fetchCourseCategories, fetchCourses } from './api';

const KEYS = ['name', 'category', 'year'] as const;

/** Course categories come from the dictionary `course_category` (dictValue is what the API filters on). */
export const COURSE_CATEGORY_DICT = 'course_category';

/** 专业课程 catalogue (SPEC §2 /course/list): category and year filters (default year first, see listYear), ?name= search, pager; all in the URL. */
export function CourseList() {
  const [q, setQuery] = useListQuery(KEYS);
  const { dicts, years } = useSnapshot(reference);
  const fromDict = dictItems(dicts as typeof reference.dicts, COURSE_CATEGORY_DICT).map((d) => ({ value: d.dictValue, label: d.dictLabel }));
  const collected = useRemote(() => (fromDict.length ? Promise.resolve([]) : fetchCourseCategories()), [fromDict.length > 0]);
  const categories = fromDict.length ? fromDict : (collected.data ?? []).map((c) => ({ value: c, label: c }));
  const year = listYear(q.year, q.name, years);
  const list = useRemote(() => fetchCourses({ ...q, year }), [q.page, q.name, q.category, year]);
  // how many courses every year holds with the same filters, for the hint under a one-year list
  const everyYear = useRemote(() => (year ? countCoursesEveryYear(q) : Promise.resolve(0)), [q.name, q.category, year]);

  return (
    <Catalog
      title="专业课程"
      searchLabel="搜索课程"
      searchPlaceholder="搜索课程名称"
      onSearch={(name) => setQuery({ name, page: 1 }, { replace: true })}
      name={q.name}
      total={list.data?.total}
      unit="门课程"
      filters={
        categories.length + years.length > 0 && (
          <>
            {categories.length > 0 && <FilterChips label="分类" options={categories} value={q.category} onChange={(category) => setQuery({ category })} />}
            {years.length > 0 && (
              <FilterChips label="年份" options={yearOptions(years)} value={year} onChange={(chip) => setQuery({ year: yearParam(chip) })} />
            )}
          </>
        )
      }
    >
      <OtherYears year={year} shown={list.data?.total} everyYear={everyYear.data} unit="门课程" onAll={() => setQuery({ year: ALL_YEARS })} />
      <CatalogCards
        list={list}
        labels={{ list: '课程列表', grid: '课程', pager: '课程分页' }}
        emptyText={q.name ? '没有找到相关课程，换个关键词试试' : '暂无课程'}
        page={q.page}
        onPage={(page) => setQuery({ page })}
        keyOf={(c) => c.courseId}
        card={(c) => ({
          href: withQuery('/course/detail', { id: c.courseId }),
          title: c.name,
          cover: c.cover,
          tag: c.isSignUp === 1 ? '已报名' : undefined,
          desc: c.intro,
          meta: (
            <>
              {c.teacherName && <span>{c.teacherName}</span>}
              <span>{c.sectionCount} 节</span>
              {c.totalDuration > 0 && <span>{formatDuration(c.totalDuration)}</span>}
              <span>{c.studyCount} 人在学</span>
              <CardProgress applyStatus={c.isSignUp} progress={coursePercent(c)} />
            </>
          ),
        })}
      />
    </Catalog>
  );
}

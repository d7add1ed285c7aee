import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { downloadElementPng } from '../../app/lib/dom-image';
import { withQuery } from '../../app/router/hash-location';
import { ListStatus } from '../../app/ui/ListStatus';
import { toast } from '../../app/ui/toast-store';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import type { CaseSummary } from '../../contract/cases';
import { myCases, myCourses, studyStats, type StudyStats } from './api';
import { PersonalLayout } from './PersonalLayout';
import { RecentMaps } from './RecentMaps';
import { StudyChart } from './StudyChart';
import { MapHistoryChart } from './MapHistoryChart';
import { completionSummary, dailySummary, durationText, shortDay } from './study-summary';
import './study.css';

/** MyStudy (`/personal/myStudy`): study time and completion charts, my courses and my cases with progress. */
export function MyStudy() {
  const stats = useRemote(() => studyStats().then(unwrap), []);
  const courses = useRemote(() => myCourses().then(unwrap), []);
  const cases = useRemote(() => Promise.all([myCases(1).then(unwrap), myCases(2).then(unwrap)]).then(([a, b]) => [...a.records, ...b.records]), []);
  const percentOf = useMemo(() => new Map(stats.data?.courses.map((c) => [c.courseId, c]) ?? []), [stats.data]);

  return (
    <PersonalLayout title="我的学习">
      <ListStatus status={stats.status} hasData={!!stats.data} error={stats.error} onRetry={stats.reload} label="学习统计">
        {stats.data && <StudyOverview stats={stats.data} />}
      </ListStatus>

      <section className="study-block" aria-labelledby="my-courses">
        <h2 id="my-courses" className="study-block__title">
          我的课程
        </h2>
        <ListStatus
          status={courses.status}
          hasData={(courses.data?.records.length ?? 0) > 0}
          error={courses.error}
          onRetry={courses.reload}
          emptyText="还没有报名课程"
          label="我的课程列表"
        >
          <ul className="study-list">
            {courses.data?.records.map((c) => {
              const p = percentOf.get(c.courseId);
              return (
                <ProgressItem
                  key={c.courseId}
                  name={c.name}
                  meta={`授课教师：${c.teacherName}${p ? ` · 已学 ${p.learnt}/${p.total} 节` : ''}`}
                  percent={p?.percent ?? 0}
                  href={withQuery('/course/detail', { id: c.courseId })}
                  extra={<Link href={withQuery('/exam/courseExam', { courseId: c.courseId })}>课程考试</Link>}
                />
              );
            })}
          </ul>
        </ListStatus>
      </section>

      {cases.data && <MapHistoryChart cases={cases.data.filter((c) => c.applyStatus !== 0)} />}

      <section className="study-block" aria-labelledby="my-cases">
        <h2 id="my-cases" className="study-block__title">
          我的案例
        </h2>
        <ListStatus
          status={cases.status}
          hasData={(cases.data?.length ?? 0) > 0}
          error={cases.error}
          onRetry={cases.reload}
          emptyText="还没有参加项目案例或实训"
          label="我的案例列表"
        >
          <ul className="study-list">
            {cases.data?.map((c) => (
              <ProgressItem
                key={c.caseId}
                name={c.name}
                meta={`${c.caseType === 2 ? '实训' : '项目案例'} · ${c.teacherName}${c.applyStatus === 2 ? ' · 已结业' : ''}`}
                percent={c.progress}
                href={caseHref(c)}
                done={c.applyStatus === 2}
              />
            ))}
          </ul>
        </ListStatus>
      </section>

      <RecentMaps />
    </PersonalLayout>
  );
}

const caseHref = (c: CaseSummary) => (c.caseType === 2 ? withQuery('/practiceDetail', { id: c.caseId }) : withQuery('/project/detail', { id: c.caseId }));

function ProgressItem({
  name,
  meta,
  percent,
  href,
  done,
  extra,
}: {
  name: string;
  meta: string;
  percent: number;
  href: string;
  done?: boolean;
  extra?: ReactNode;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <li className="study-item">
      <div className="study-item__main">
        <p className="study-item__name">{name}</p>
        <p className="study-item__meta">{meta}</p>
        <div className="study-item__progress">
          <progress max={100} value={value} aria-label={`${name} 学习进度`}>
            {value}%
          </progress>
          <span>{value}%</span>
        </div>
      </div>
      <div className="study-item__actions">
        {done ? (
          <span className="study-item__done">已结业</span>
        ) : (
          <Link href={href} className="study-item__go" aria-label={`继续学习：${name}`}>
            继续学习
          </Link>
        )}
        {extra}
      </div>
    </li>
  );
}

function StudyOverview({ stats }: { stats: StudyStats }) {
  const daily = useMemo(
    () => ({ labels: stats.days.map((d) => shortDay(d.day)), values: stats.days.map((d) => d.minutes), series: '学习时长（分钟）' }),
    [stats],
  );
  const completion = useMemo(
    () => ({ labels: stats.courses.map((c) => c.name), values: stats.courses.map((c) => c.percent), series: '完成度（%）', horizontal: true, max: 100 }),
    [stats],
  );
  const avg = stats.studyDays > 0 ? Math.round(stats.totalMinutes / stats.studyDays) : 0;
  const report = useRef<HTMLElement>(null);
  const [imaging, setImaging] = useState(false);
  // 导出图片: this report (facts and both charts) as a PNG, the button itself left out.
  const exportImage = async () => {
    setImaging(true);
    try {
      await downloadElementPng(report.current!, `学习报告-${stats.days.at(-1)?.day ?? ''}.png`);
    } catch {
      toast.error('学习报告图片未能生成，请重试');
    } finally {
      setImaging(false);
    }
  };
  return (
    <section ref={report} className="study-block study-report" aria-labelledby="study-overview">
      <div className="study-report__head">
        <h2 id="study-overview" className="study-block__title">
          学习概况
        </h2>
        <button type="button" className="btn" data-no-export disabled={imaging} onClick={() => void exportImage()}>
          {imaging ? '正在生成图片…' : '导出图片'}
        </button>
      </div>
      <dl className="study-facts">
        <div>
          <dt>近 4 周学习时长</dt>
          <dd>{durationText(stats.totalMinutes)}</dd>
        </div>
        <div>
          <dt>学习天数</dt>
          <dd>{stats.studyDays} 天</dd>
        </div>
        <div>
          <dt>日均（学习日）</dt>
          <dd>{durationText(avg)}</dd>
        </div>
      </dl>
      <p className="study-note">学习时长统计服务器确认的课程视频观看时间与考试作答时间。</p>
      <div className="study-charts">
        <StudyChart
          title="近 4 周每日学习时长"
          summary={dailySummary(stats)}
          data={daily}
          table={
            <table>
              <caption>每日学习时长</caption>
              <thead>
                <tr>
                  <th scope="col">日期</th>
                  <th scope="col">分钟</th>
                </tr>
              </thead>
              <tbody>
                {stats.days.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{d.day}</th>
                    <td>{d.minutes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
        <StudyChart
          title="课程完成度"
          summary={completionSummary(stats.courses)}
          data={completion}
          height={Math.max(160, stats.courses.length * 48 + 40)}
          table={
            <table>
              <caption>课程完成度</caption>
              <thead>
                <tr>
                  <th scope="col">课程</th>
                  <th scope="col">已学/总节数</th>
                  <th scope="col">完成度</th>
                </tr>
              </thead>
              <tbody>
                {stats.courses.map((c) => (
                  <tr key={c.courseId}>
                    <th scope="row">{c.name}</th>
                    <td>
                      {c.learnt}/{c.total}
                    </td>
                    <td>{c.percent}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      </div>
    </section>
  );
}

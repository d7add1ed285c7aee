import { useEffect, useId, useRef, useState } from 'react';
import { apiGet } from '../../app/http/client';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import type { StudyHistory } from '../../contract/review';
import { shortDay } from './study-summary';
import { historySummary } from './study-history';

// What stays, over time (issue 34 item 4): for one of the student's case maps, 知识点 已学 and
// 掌握 by day (lines), reviews and 回忆练习 done (bars), and the predicted recall of the map today
// and in 7 days (the sentence under it) — from the review rows (GET /api/course/review/history).
// chart.js, loaded on first use like StudyChart; lines differ by dash too (grey scale), and the
// numbers are in a visually hidden table.

const fetchHistory = async (caseId: string) => unwrap(await apiGet<StudyHistory>('/api/course/review/history', { caseId }));

export function MapHistoryChart({ cases }: { cases: ReadonlyArray<{ caseId: string; name: string }> }) {
  const [caseId, setCaseId] = useState(cases[0]?.caseId ?? '');
  const pickId = useId();
  const history = useRemote(() => (caseId ? fetchHistory(caseId) : Promise.resolve(null)), [caseId]);
  if (!cases.length) return null;
  const h = history.data;
  const name = cases.find((c) => c.caseId === caseId)?.name ?? '';
  return (
    <section className="study-block map-history" aria-labelledby="map-history">
      <h2 id="map-history" className="study-block__title">
        导图学习记录
      </h2>
      <label htmlFor={pickId} className="map-history__pick">
        导图：
        <select id={pickId} value={caseId} onChange={(e) => setCaseId(e.target.value)}>
          {cases.map((c) => (
            <option key={c.caseId} value={c.caseId}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {history.status === 'error' && <p className="study-chart__failed">{history.error || '学习记录加载失败'}</p>}
      {h && <HistoryFigure title={`${name}：已学的知识点与掌握的主题、复习与回忆练习（按天）`} history={h} />}
    </section>
  );
}

function HistoryFigure({ title, history }: { title: string; history: StudyHistory }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const summaryId = useId();
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let live = true;
    import('chart.js')
      .then(({ Chart, BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend }) => {
        if (!live || !canvas.current) return;
        Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);
        const d = history.days;
        chart = new Chart(canvas.current, {
          data: {
            labels: d.map((x) => shortDay(x.date)),
            datasets: [
              {
                type: 'line',
                label: '已学知识点',
                data: d.map((x) => x.learnt),
                borderColor: '#1f6feb',
                backgroundColor: '#1f6feb',
                pointRadius: 0,
                yAxisID: 'y',
              },
              {
                type: 'line',
                label: '掌握的主题',
                data: d.map((x) => x.mastered),
                borderColor: '#1f6f43',
                backgroundColor: '#1f6f43',
                borderDash: [6, 4],
                pointRadius: 0,
                yAxisID: 'y',
              },
              { type: 'bar', label: '复习次数', data: d.map((x) => x.reviews), backgroundColor: '#b7c9e8', maxBarThickness: 10, yAxisID: 'y1' },
              { type: 'bar', label: '回忆练习', data: d.map((x) => x.recalls), backgroundColor: '#c2410c', maxBarThickness: 10, yAxisID: 'y1' },
            ],
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: { legend: { position: 'bottom' }, tooltip: { enabled: true } },
            scales: {
              y: { beginAtZero: true, position: 'left', ticks: { precision: 0 }, title: { display: true, text: '主题数' } },
              y1: { beginAtZero: true, position: 'right', ticks: { precision: 0 }, grid: { drawOnChartArea: false }, title: { display: true, text: '次数' } },
            },
          },
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [history]);
  return (
    <figure className="study-chart">
      <figcaption className="study-chart__title">{title}</figcaption>
      <div className="study-chart__box" style={{ height: 260 }}>
        {failed ? (
          <p className="study-chart__failed">图表加载失败，请刷新重试</p>
        ) : (
          <canvas ref={canvas} role="img" aria-label={title} aria-describedby={summaryId} />
        )}
      </div>
      <p id={summaryId} className="study-chart__summary">
        {historySummary(history)}
      </p>
      {/* a div, not the table, is what hides: a table grows to its content whatever its width (it widened the phone page) */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">日期</th>
              <th scope="col">已学</th>
              <th scope="col">掌握</th>
              <th scope="col">复习</th>
              <th scope="col">回忆练习</th>
            </tr>
          </thead>
          <tbody>
            {history.days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{d.learnt}</td>
                <td>{d.mastered}</td>
                <td>{d.reviews}</td>
                <td>{d.recalls}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

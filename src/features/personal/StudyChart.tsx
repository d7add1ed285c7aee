import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface BarChartData {
  labels: string[];
  values: number[];
  /** dataset name and unit, e.g. 学习时长（分钟） */
  series: string;
  horizontal?: boolean;
  max?: number;
}

/**
 * A bar chart drawn by chart.js, imported here on first use so the library is only downloaded on
 * screens that draw charts. The canvas is an image with a one-sentence summary; the numbers are
 * also in a visually hidden table for screen-reader users who want the detail.
 */
export function StudyChart({
  title,
  summary,
  data,
  table,
  height = 240,
}: {
  title: string;
  summary: string;
  data: BarChartData;
  table: ReactNode;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const summaryId = useId();

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let live = true;
    import('chart.js')
      .then(({ Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip }) => {
        if (!live || !canvas.current) return;
        Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
        chart = new Chart(canvas.current, {
          type: 'bar',
          data: {
            labels: data.labels,
            datasets: [{ label: data.series, data: data.values, backgroundColor: '#1f6feb', borderRadius: 3, maxBarThickness: 28 }],
          },
          options: {
            indexAxis: data.horizontal ? 'y' : 'x',
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: { tooltip: { enabled: true } },
            scales: { [data.horizontal ? 'x' : 'y']: { beginAtZero: true, max: data.max, ticks: { precision: 0 } } },
          },
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [data]);

  return (
    <figure className="study-chart">
      <figcaption className="study-chart__title">{title}</figcaption>
      <div className="study-chart__box" style={{ height }}>
        {failed ? (
          <p className="study-chart__failed">图表加载失败，请刷新重试</p>
        ) : (
          <canvas ref={canvas} role="img" aria-label={title} aria-describedby={summaryId} />
        )}
      </div>
      <p id={summaryId} className="study-chart__summary">
        {summary}
      </p>
      <div className="visually-hidden">{table}</div>
    </figure>
  );
}

import { useId, useRef, useState } from 'react';
import { toast } from '../../../app/ui/toast-store';
import { errorText } from '../../../app/ui/use-remote';
import { deleteMap, importMap, purgeMap } from '../my-maps-api';
import { runBulkImport, summaryOf, type FileReport } from './bulk-run';
import { BULK_ACCEPT, SheetDialog, startImportDecoder, type DecodedMap, type SheetChoice } from '../../../mindmap';

type Asking = { fileName: string; sheets: SheetChoice[]; answer(indices: number[]): void };

/**
 * 批量导入 in 我的导图 (issue 33.2): `pick` opens the file chooser (many files, or .zip); `panel` is
 * the progress line (a live region: 正在导入 N / M) and then the report of every file.
 */
export function useBulkImport(onImported: () => void) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number; current: string } | null>(null);
  const [reports, setReports] = useState<FileReport[] | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  const run = async (files: File[]) => {
    if (files.length === 0) return;
    setReports(null);
    const decoder = startImportDecoder();
    try {
      const result = await runBulkImport(
        files.map((f) => ({ name: f.name, size: f.size, read: async () => new Uint8Array(await f.arrayBuffer()) })),
        {
          decoder,
          upload: async (document) => (await importMap(document)).mapId,
          remove: async (mapId) => {
            await deleteMap(mapId);
            await purgeMap(mapId);
          },
          chooseSheets: (fileName, maps: DecodedMap[]) =>
            new Promise<number[]>((answer) =>
              setAsking({ fileName, sheets: maps.map((m) => ({ title: m.sheet ?? m.title, topics: m.topics, notices: m.notices })), answer }),
            ),
          progress: (done, total, current) => setProgress({ done, total, current }),
        },
      );
      setReports(result);
      toast.success(summaryOf(result));
      requestAnimationFrame(() => headingRef.current?.focus());
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      decoder.close();
      setProgress(null);
      onImported();
    }
  };

  const panel = (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={BULK_ACCEPT}
        aria-label="选择要导入的文件"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void run(files);
        }}
      />
      <div className={progress ? 'bulk-progress' : undefined} role="status" aria-live="polite">
        {progress && (
          <>
            <span>
              正在导入 {progress.done} / {progress.total}
              {progress.current && <span className="visually-hidden">：{progress.current}</span>}
            </span>
            <progress max={Math.max(progress.total, 1)} value={progress.done} aria-label="导入进度" />
          </>
        )}
      </div>
      {reports && (
        <section className="bulk-report" aria-labelledby={titleId}>
          <div className="bulk-report__head">
            <h2 id={titleId} ref={headingRef} tabIndex={-1} className="bulk-report__title">
              {summaryOf(reports)}
            </h2>
            <button type="button" className="btn" onClick={() => setReports(null)}>
              关闭导入结果
            </button>
          </div>
          <ul className="bulk-report__list">
            {reports.map((r, i) => (
              <ReportRow key={i} report={r} />
            ))}
          </ul>
        </section>
      )}
      <SheetDialog
        fileName={asking?.fileName ?? null}
        sheets={asking?.sheets ?? []}
        multiple
        onDone={(indices) => {
          asking?.answer(indices);
          setAsking(null);
        }}
      />
    </>
  );
  return { pick: () => input.current?.click(), busy: progress !== null, panel };
}

function ReportRow({ report: r }: { report: FileReport }) {
  const status = r.status === 'imported' ? '已导入' : r.status === 'skipped' ? '已跳过' : '未导入';
  return (
    <li className={`bulk-report__item is-${r.status}`}>
      <span className="bulk-report__status">{status}</span>
      <span>{r.name}</span>
      {r.status === 'imported' ? (
        r.maps.map((m) => (
          <div key={m.mapId}>
            →「{m.title}」
            {m.notices.length > 0 && (
              <ul className="bulk-report__notes">
                {m.notices.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            )}
          </div>
        ))
      ) : (
        <div>原因：{r.reason}</div>
      )}
    </li>
  );
}

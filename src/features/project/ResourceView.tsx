import { PdfViewer } from '../../app/pdf/PdfViewer';
import type { ResourceDetail } from './api';
import { CaseVideo } from './CaseVideo';

export interface ResourceViewProps {
  resource: ResourceDetail;
  /** a link resource opened (type 2) */
  onOpenLink(): void;
  /** the video played to its end (type 3) */
  onVideoEnded(): void;
  /** the server's answer to a video progress report (isStudy 1: the resource is completed) */
  onVideoReport?(answer: { isStudy?: number }): void;
  /** a PDF page seen (type 4) */
  onPageSeen?(page: number): void;
}

/** A study resource shown by its file type code: 0 text, 1 image, 2 link, 3 video, 4 PDF. */
export function ResourceView({ resource: r, onOpenLink, onVideoEnded, onVideoReport, onPageSeen }: ResourceViewProps) {
  switch (Number(r.fileSuffixCode)) {
    case 3:
      return <CaseVideo resource={r} onEnded={onVideoEnded} onReport={onVideoReport} />;
    case 2:
      return (
        <section className="resource-view resource-view--link" aria-label="外部链接">
          <p>该资源是外部网站上的学习资料，将在新标签页中打开。</p>
          <button type="button" className="btn btn--primary" onClick={onOpenLink}>
            打开链接
          </button>
        </section>
      );
    case 1:
      return (
        <figure className="resource-view resource-view--image">
          <img src={r.fileUrl} alt={r.fileName} />
          <figcaption>{r.fileName}</figcaption>
        </figure>
      );
    case 4:
      return (
        <section className="resource-view resource-view--pdf" aria-label="PDF 文档">
          <PdfViewer key={r.uuid} src={r.fileUrl} docId={r.uuid} title={r.fileName} onPageSeen={onPageSeen} />
          <p className="resource-view__links">
            也可以
            <a href={r.fileUrl} target="_blank" rel="noopener">
              在新标签页中打开
            </a>
            或
            <a href={`/api/folder/resource/file/download?uid=${encodeURIComponent(r.fileId)}`} download={r.fileName}>
              下载 PDF
            </a>
          </p>
        </section>
      );
    default:
      return (
        <article className="resource-view resource-view--text" aria-label="文本资料">
          <p className="plain-text">{r.content || '该资源暂无文字内容'}</p>
        </article>
      );
  }
}

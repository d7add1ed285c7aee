import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useSearchParams } from 'wouter';
import { formatDuration } from '../../app/lib/format';
import { openExternal } from '../../app/lib/external-url';
import { navigate, withQuery } from '../../app/router/hash-location';
import { session } from '../../app/session/session-store';
import { addStudyRecord } from '../../app/study/study-api';
import { fetchCase } from '../../app/cases/case-api';
import { ContentShell } from '../../app/ui/ContentShell';
import { ListStatus } from '../../app/ui/ListStatus';
import { useRemote } from '../../app/ui/use-remote';
import { GRADUATED_MSG, refuseGraduated } from './access';
import { addCaseRecord, fetchNodeRequirements, fetchNodeResources, fetchResource, savePdfPages, type Resource } from './api';
import { ResourceRule, type RuleState } from './ResourceRule';
import { FILE_TYPE_LABEL, resourceAction } from './case-helpers';
import { GraduatedRefusal } from './GraduatedRefusal';
import { ResourceView } from './ResourceView';
import './project.css';

/**
 * /project/content?nodeId&caseId&nodeName&resourceId&fileSuffix&fileName (SPEC §2, outside the
 * main layout): one study resource of a case node, shown by its file type, beside the node's other
 * resources. Opening it records the study (caseRecord and studyRecord); graduated students are
 * refused (SPEC §8).
 */
/** A text, image or PDF counts as learnt after this many seconds open (server: study/completion.ts). */
const OPEN_SECONDS = 5;

export function ProjectContent() {
  const [params] = useSearchParams();
  const caseId = params.get('caseId') ?? '';
  const nodeId = params.get('nodeId') ?? '';
  const nodeName = params.get('nodeName') ?? '';
  const resourceId = params.get('resourceId') ?? '';
  const { user } = useSnapshot(session);
  const studentId = user?.userId ?? '';

  const page = useRemote(async () => {
    await refuseGraduated(caseId, studentId || undefined);
    const [info, resource, siblings, rules] = await Promise.all([
      fetchCase(caseId),
      fetchResource(resourceId),
      fetchNodeResources(caseId, nodeId),
      fetchNodeRequirements(caseId, nodeId).catch(() => null), // the rule line is extra: the resource shows without it
    ]);
    return { info, resource, siblings, rules };
  }, [caseId, nodeId, resourceId, studentId]);

  // The resource's 完成条件 and whether it is met, updated by the answers to what the page reports.
  const [rule, setRule] = useState<RuleState | null>(null);
  const loaded = page.data?.resource;
  useEffect(() => {
    const item = page.data?.rules?.items.find((i) => i.kind === 'resource' && i.id === page.data?.resource.uuid);
    setRule(item ? { rule: item.rule, done: item.done === 1 } : null);
  }, [page.data]);
  const done = (yes: boolean) => yes && setRule((r) => r && { ...r, done: true });

  const record = (r: { uuid: string }) => {
    if (!studentId) return;
    const ids = { caseId, nodeId, resourceId: r.uuid };
    // Both records of SPEC §7: the node studied with this resource, and the last-study record.
    void addCaseRecord(ids).then(
      (a) => r.uuid === loaded?.uuid && done(a.isStudy === 1),
      () => {},
    );
    void addStudyRecord({ ...ids, studentId }).catch(() => {});
  };

  const loadedIsLink = loaded ? Number(loaded.fileSuffixCode) === 2 : true;
  useEffect(() => {
    // Shown = opened, except a link, which counts once it is opened. A text, image or PDF is
    // learnt after 5 s open (the server measures from the first record): a second record then,
    // and again a second later while the server says not yet (the first record arrived late).
    if (!loaded || loadedIsLink) return;
    record(loaded);
    if (!studentId || Number(loaded.fileSuffixCode) === 3) return;
    let timer = 0;
    const ask = (tries: number) => {
      timer = window.setTimeout(
        () =>
          void addCaseRecord({ caseId, nodeId, resourceId: loaded.uuid }).then(
            (a) => (a.isStudy === 1 ? done(true) : tries > 1 && ask(tries - 1)),
            () => {},
          ),
        tries === 3 ? (OPEN_SECONDS + 0.2) * 1000 : 1000,
      );
    };
    ask(3);
    return () => window.clearTimeout(timer);
  }, [loaded?.uuid, loadedIsLink, studentId]);

  // a practice item's resources lead back to its practice page
  const back =
    page.data?.info.caseType === 2
      ? { href: withQuery('/practiceDetail', { id: caseId }), label: '返回训练详情' }
      : { href: withQuery('/project/detail', { id: caseId }), label: '返回案例详情' };
  const title = params.get('fileName') ?? '学习资源';

  if (!page.data) {
    if (page.status === 'error' && page.error === GRADUATED_MSG) {
      return (
        <ContentShell back={back} title={title} context={nodeName}>
          <GraduatedRefusal />
        </ContentShell>
      );
    }
    return (
      <ContentShell back={back} title={title} context={nodeName}>
        <ListStatus
          label="学习资源"
          status={page.status}
          hasData={false}
          error={page.error}
          onRetry={page.reload}
          refused={{ resultCode: page.status === 'error' ? page.resultCode : undefined, back, level: 2 }}
        >
          {null}
        </ListStatus>
      </ContentShell>
    );
  }

  const { info, resource, siblings } = page.data;
  const openLink = (r: { uuid: string; fileUrl: string }) => {
    openExternal(r.fileUrl);
    record(r);
  };
  const switchTo = (r: Resource) => {
    const action = resourceAction(caseId, nodeId, nodeName, r);
    if (action.kind === 'link') openLink(r);
    else navigate(action.to);
  };

  const aside = (
    <>
      <h2 className="content-list__title">{nodeName || '本节点'}的学习资源</h2>
      <ul className="content-list">
        {siblings.map((r) => {
          const current = r.uuid === resource.uuid;
          return (
            <li key={r.uuid} className={current ? 'content-list__item content-list__item--current' : 'content-list__item'}>
              <span className="resource__type">{FILE_TYPE_LABEL[r.fileSuffixCode] ?? '文件'}</span>
              <button type="button" className="content-list__open" onClick={() => switchTo(r)} aria-current={current ? 'true' : undefined}>
                {r.fileName}
              </button>
              {Number(r.fileSuffixCode) === 3 && r.duration > 0 && <span className="resource__meta">{formatDuration(r.duration)}</span>}
            </li>
          );
        })}
      </ul>
    </>
  );

  return (
    <ContentShell back={back} title={resource.fileName} context={`${info.name}${nodeName ? ` · ${nodeName}` : ''}`} aside={aside} asideLabel="节点资源">
      <ResourceRule state={rule} />
      <ResourceView
        resource={resource}
        onOpenLink={() => openLink(resource)}
        onVideoEnded={() => record(resource)}
        onVideoReport={(a) => done(a.isStudy === 1)}
        // Pages seen complete a PDF (the server counts them); a lost report is made good by seeing that page again.
        onPageSeen={(p) =>
          studentId &&
          void savePdfPages({ caseId, nodeId, resourceId: resource.uuid, pages: [p] }).then(
            (a) => setRule((r) => r && { ...r, done: r.done || a.isStudy === 1, pages: { seen: a.pagesSeen, count: a.pageCount } }),
            () => {},
          )
        }
      />
    </ContentShell>
  );
}

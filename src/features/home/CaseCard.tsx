import { withQuery } from '../../app/router/hash-location';
import { CardProgress } from '../../app/ui/CardProgress';
import { CardGridItem, MediaCard } from '../../app/ui/MediaCard';

/** What a case or practice card shows: the fields the signed-in list and the public preview share. */
export interface CaseCardData {
  caseId: string;
  name: string;
  cover: string;
  classifyName: string;
  intro: string;
  nodeCount: number;
  studyCount: number;
  teacherName?: string;
  /** Signed in: 1 while the student studies it, and the server's case percentage. */
  applyStatus?: number;
  progress?: number;
}

const KINDS = {
  case: { detail: '/project/detail', unit: '个知识点', learners: '人在学' },
  practice: { detail: '/practiceDetail', unit: '个步骤', learners: '人练习' },
} as const;

/** One project case or practice item on a Home shelf (signed in or not): the same card, the same counts. */
export function CaseCard({ c, kind = 'case', withTeacher = true }: { c: CaseCardData; kind?: keyof typeof KINDS; withTeacher?: boolean }) {
  const k = KINDS[kind];
  return (
    <CardGridItem>
      <MediaCard
        href={withQuery(k.detail, { id: c.caseId })}
        title={c.name}
        cover={c.cover}
        tag={c.classifyName || undefined}
        desc={c.intro}
        meta={
          <>
            {withTeacher && c.teacherName && <span>{c.teacherName}</span>}
            <span>{`${c.nodeCount} ${k.unit}`}</span>
            <span>{`${c.studyCount} ${k.learners}`}</span>
            <CardProgress applyStatus={c.applyStatus} progress={c.progress} />
          </>
        }
      />
    </CardGridItem>
  );
}

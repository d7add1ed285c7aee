import { Type, type Static } from 'typebox';
import { Id, Page, PageQuery, YearQuery } from './common';

// Project cases (caseType 1) and practice items (caseType 2): one model (DESIGN §4), SPEC §7
// caseDetails/*, caseApply/*, caseClassification/*.

export const CasePageQuery = Type.Object({
  ...PageQuery,
  name: Type.Optional(Type.String({ maxLength: 100 })),
  caseType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  classifyId: Type.Optional(Type.String({ maxLength: 64 })),
  year: YearQuery,
});
export type CasePageQuery = Static<typeof CasePageQuery>;
export const CaseIdQuery = Type.Object({ caseId: Id });
export const ApplyBody = Type.Object({ caseId: Id });
/** checkCaseAccess; studentId, when sent, must be the signed-in student's. */
export const CaseAccessQuery = Type.Object({ caseId: Id, studentId: Type.Optional(Id) });

/** A case as the course service returns it (list rows). */
export const CaseSummary = Type.Object({
  uuid: Type.String(),
  caseId: Type.String(),
  name: Type.String(),
  /** 1 project case, 2 practice item */
  caseType: Type.Integer(),
  /** academic year of the offering; '' when none */
  year: Type.String(),
  classifyId: Type.String(),
  classifyName: Type.String(),
  intro: Type.String(),
  cover: Type.String(),
  teacherName: Type.String(),
  difficulty: Type.Integer(),
  studyCount: Type.Integer(),
  nodeCount: Type.Integer(),
  /** 0 not applied, 1 studying (practising), 2 graduated (finished) */
  applyStatus: Type.Integer(),
  /** percent 0–100 */
  progress: Type.Integer(),
  createTime: Type.String(),
});
export type CaseSummary = Static<typeof CaseSummary>;
export const CasePage = Page(CaseSummary);

/** getCasesDetails: the summary plus the resource count by file type code. */
export const CaseDetail = Type.Object({ ...CaseSummary.properties, resourceCounts: Type.Record(Type.String(), Type.Integer()) });
export type CaseDetail = Static<typeof CaseDetail>;

/** saveApply / directApply answer 1. */
export const Applied = Type.Literal(1);
/** checkCaseAccess: 0 none, 1 active, 2 graduated (结业). */
export const CaseAccess = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);
export type CaseAccess = Static<typeof CaseAccess>;

/** Top learners of a case; names masked. */
export const RankItem = Type.Object({ rank: Type.Integer(), username: Type.String(), userPicUrl: Type.String(), studyCount: Type.Integer() });
export type RankItem = Static<typeof RankItem>;
export const Ranking = Type.Array(RankItem);

/** The case classification tree (SPEC §3 tree item). */
export const ClassifyItem = Type.Cyclic(
  { CaseClassifyItem: Type.Object({ uuid: Type.String(), name: Type.String(), parentId: Type.String(), children: Type.Array(Type.Ref('CaseClassifyItem')) }) },
  'CaseClassifyItem',
);
export type ClassifyItem = Static<typeof ClassifyItem>;
export const ClassifyTree = Type.Array(ClassifyItem);

import { Type, type Static } from 'typebox';
import { Page, PageQuery } from './common';

export const TutorQuery = Type.Object({ ...PageQuery, name: Type.Optional(Type.String({ maxLength: 32 })) });
export type TutorQuery = Static<typeof TutorQuery>;

/** A tutor or sign-up by `uid` (or `id`): the tutor's id, or for cancel also the sign-up's own id. */
export const TutorUid = Type.Object({
  uid: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type TutorUid = Static<typeof TutorUid>;

/** The student's sign-up status with a tutor: 0 applying, 1 accepted, 2 refused, 3 cancelled. */
export const SignUpStatus = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export type SignUpStatus = Static<typeof SignUpStatus>;

/** Tutor list item (SPEC §3). */
export const TutorItem = Type.Object({
  userId: Type.String(),
  uuid: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  sex: Type.String(),
  technicalPosition: Type.String(),
  intro: Type.String(),
  awardInfo: Type.String(),
  projectInfo: Type.String(),
  workExperience: Type.String(),
  /** 1: the tutor is full */
  signStatus: Type.Integer(),
  /** 1: the student already holds an active sign-up (with any tutor) */
  isSignIn: Type.Integer(),
  /** The student's latest sign-up with this tutor; absent when never signed up (SPEC §4). */
  status: Type.Optional(SignUpStatus),
  signUpId: Type.Optional(Type.String()),
});
export type TutorItem = Static<typeof TutorItem>;
export const TutorPage = Page(TutorItem);

/** What the student wrote in a sign-up (the form's fields, SPEC §3). */
export const SignUpApplication = Type.Object({
  name: Type.String(),
  sex: Type.String(),
  identityNumber: Type.String(),
  phone: Type.String(),
  studentNo: Type.String(),
  specialty: Type.String(),
  classmate: Type.String(),
  introduction: Type.String(),
  specialtyHobby: Type.String(),
  goalsIdeas: Type.String(),
});
export type SignUpApplication = Static<typeof SignUpApplication>;

/** Tutor résumé (SPEC §3). */
export const Tutor = Type.Object({
  ...TutorItem.properties,
  birthday: Type.String(),
  education: Type.String(),
  degree: Type.String(),
  firstDiscipline: Type.String(),
  secondaryDiscipline: Type.String(),
  /** A video file id: the client asks getVideoUrl for its URL. Empty when the tutor has none. */
  videoIntro: Type.String(),
  field: Type.String(),
  patentWorks: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  /** The student's cancelled application (status 3): 重新报名 starts from it, not from nothing. */
  application: Type.Optional(SignUpApplication),
});
export type Tutor = Static<typeof Tutor>;

const Str = (max: number) => Type.Optional(Type.String({ maxLength: max }));
/**
 * Tutor sign-up form (SPEC §3, §5); sex '0' male, '1' female. Declared optional so the handler
 * answers with the form's own messages (请输入姓名 …) rather than a schema error.
 */
export const SignUpBody = Type.Object({
  name: Str(32),
  sex: Str(2),
  identityNumber: Str(32),
  phone: Str(32),
  studentNo: Str(32),
  specialty: Str(64),
  classmate: Str(64),
  introduction: Str(2000),
  specialtyHobby: Str(2000),
  goalsIdeas: Str(2000),
  teacherId: Str(64),
});
export type SignUpBody = Static<typeof SignUpBody>;

export const SignUpResult = Type.Object({ signUpId: Type.String(), status: Type.Literal(0) });
export const CancelResult = Type.Object({ status: Type.Literal(3) });

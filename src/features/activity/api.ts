import { apiGet, apiPost } from '../../app/http/client';
import type { Page } from '../../app/http/page';

/** Tutor page size (SPEC §9). */
export const PAGE_SIZE = 10;

/** The student's own sign-up status with a tutor (SPEC §4); absent when never signed up. */
export type SignUpStatus = 0 | 1 | 2 | 3;

/** Tutor list item (SPEC §3). */
export interface TutorItem {
  userId: string;
  uuid: string;
  name: string;
  avatar: string | null;
  sex: string | null;
  technicalPosition: string;
  intro: string;
  awardInfo: string;
  projectInfo: string;
  workExperience: string;
  /** 1: the tutor is full */
  signStatus: number;
  /** 1: the student already holds an active sign-up (with any tutor) */
  isSignIn: number;
  status?: SignUpStatus;
}

/** Tutor résumé (SPEC §3). */
export interface Tutor extends TutorItem {
  birthday: string;
  education: string;
  degree: string;
  firstDiscipline: string;
  secondaryDiscipline: string;
  /** Video file id; empty when the tutor has no intro video. */
  videoIntro: string;
  field: string;
  patentWorks: string;
  phone: string;
  email: string;
}

/** Tutor sign-up form (SPEC §3); sex '0' male, '1' female. */
export interface SignUpForm {
  name: string;
  sex: '' | '0' | '1';
  identityNumber: string;
  phone: string;
  studentNo: string;
  specialty: string;
  classmate: string;
  introduction: string;
  specialtyHobby: string;
  goalsIdeas: string;
}

export const pageTutors = (currentNum: number) =>
  apiGet<Page<TutorItem>>('/api/customer/teacherResume/getTeacherPage', { currentNum, currentSize: PAGE_SIZE });

/**
 * The whole list in one page, for the existing sign-up check (SPEC §7). A different path from the
 * paged list so the client's same-URL de-duplication never cancels one with the other.
 */
export const wholeTutorList = (total: number) =>
  apiGet<Page<TutorItem>>('/api/customer/teacherResume/getTeacherList', { currentNum: 1, currentSize: total });

export const tutorDetail = (uid: string) => apiGet<Tutor>('/api/customer/teacherResume/getResumeDetails', { uid });

export const submitSignUp = (form: SignUpForm & { teacherId: string }) =>
  apiPost<{ signUpId: string; status: SignUpStatus }>('/api/customer/teacherSignUp/submitTeacherInfo', form);

export const cancelSignUp = (uid: string) => apiGet<{ status: SignUpStatus }>('/api/customer/teacherSignUp/cancelSignIn', { uid });

/** data is the URL to put in the player. */
export const videoUrl = (videoId: string) => apiGet<string>('/api/folder/resource/file/getVideoUrl', { videoId });

import type { Static } from 'typebox';
import type { CancelResult, SignUpBody, SignUpResult, SignUpStatus, Tutor, TutorItem } from '../../contract/tutors';
import type { VideoUrl } from '../../contract/files';
import { apiGet, apiPost } from '../../app/http/client';
import type { Page } from '../../app/http/page';

export type { SignUpStatus, Tutor, TutorItem };

/** Tutor page size (SPEC §9). */
export const PAGE_SIZE = 10;

/** The sign-up form as the student fills it (SPEC §3): every field of the request but the tutor, sex '' until chosen. */
export type SignUpForm = Required<Omit<SignUpBody, 'teacherId' | 'sex'>> & { sex: '' | '0' | '1' };

export const pageTutors = (currentNum: number) => apiGet<Page<TutorItem>>('/api/customer/teacherResume/getTeacherPage', { currentNum, currentSize: PAGE_SIZE });

/**
 * The whole list in one page, for the existing sign-up check (SPEC §7). A different path from the
 * paged list so the client's same-URL de-duplication never cancels one with the other.
 */
export const wholeTutorList = (total: number) => apiGet<Page<TutorItem>>('/api/customer/teacherResume/getTeacherList', { currentNum: 1, currentSize: total });

export const tutorDetail = (uid: string) => apiGet<Tutor>('/api/customer/teacherResume/getResumeDetails', { uid });

export const submitSignUp = (form: SignUpForm & { teacherId: string }) =>
  apiPost<Static<typeof SignUpResult>>('/api/customer/teacherSignUp/submitTeacherInfo', form satisfies SignUpBody);

export const cancelSignUp = (uid: string) => apiGet<Static<typeof CancelResult>>('/api/customer/teacherSignUp/cancelSignIn', { uid });

/** data is the URL to put in the player. */
export const videoUrl = (videoId: string) => apiGet<Static<typeof VideoUrl>>('/api/folder/resource/file/getVideoUrl', { videoId });

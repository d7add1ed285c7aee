import type { AxiosProgressEvent } from 'axios';
import type { Static } from 'typebox';
import type { UploadedFile } from '../../contract/files';
import type { MarkedCount, Message, MessagePage } from '../../contract/messages';
import type { PasswordBody, UserInfoBody, UserWithToken } from '../../contract/customer';
import type { SubmitTaskBody, SubmitTaskResult, TaskItem, TaskResult, TaskStatus } from '../../contract/tasks';
import { apiGet, apiPost } from '../../app/http/client';
import type { Page } from '../../app/http/page';
import type { CaseSummary } from '../../contract/cases';
import type { Course } from '../../contract/courses';
import type { StudyStats } from '../../contract/study';

export type { Message, TaskItem, TaskResult, TaskStatus, UploadedFile };

/** Page size of every personal-centre list (SPEC §9). */
export const PAGE_SIZE = 10;

export const pageMessages = (currentNum: number) => apiGet<MessagePage>('/api/customer/userMessage/pageMsg', { currentNum, currentSize: PAGE_SIZE });

/** Reading a message through this call also marks it read on the server. */
export const messageDetail = (uuid: string) => apiGet<Message>('/api/customer/userMessage/detailsMsg', { uuid });

// Both mark calls may run for different ids back to back: never let one abort the other.
export const markMessageRead = (uuid: string) => apiPost<null>('/api/customer/userMessage/changeIsLook', { uuid }, { dedupe: false });

export const markAllMessagesRead = () => apiPost<Static<typeof MarkedCount>>('/api/customer/userMessage/setIsLook');

export type ProfilePatch = UserInfoBody;

/** Answers the updated user (with the current token, which we already hold). */
export const updateUserInfo = (patch: ProfilePatch) => apiPost<UserWithToken>('/api/customer/login/updateUserInfo', patch);

export const updatePassword = (oldPassword: string, newPassword: string) =>
  apiPost<null>('/api/customer/login/updatePassword', { oldPassword, newPassword } satisfies PasswordBody);

export const pageTasks = (currentNum: number) => apiGet<Page<TaskItem>>('/api/course/task/queryTaskPage', { currentNum, currentSize: PAGE_SIZE });

export const taskResult = (taskId: string) => apiGet<TaskResult>('/api/course/taskStudentResource/getTaskResult', { taskId });

export const submitTask = (body: SubmitTaskBody) => apiPost<Static<typeof SubmitTaskResult>>('/api/course/taskStudentResource/addTaskByStudent', body);

/**
 * Multipart upload. The instance's JSON content type would make axios serialise the FormData as
 * JSON; declaring multipart lets axios hand the FormData to the browser, which adds the boundary.
 * Uploads get the long timeout a 20 MB file on a slow campus
 * network needs, not the 10 s of ordinary calls.
 */
export function uploadFile(file: File, onProgress?: (percent: number) => void) {
  const data = new FormData();
  data.append('file', file);
  return apiPost<UploadedFile>('/api/folder/file/upload', data, {
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: 120_000,
    dedupe: false,
    onUploadProgress: (e: AxiosProgressEvent) => {
      if (onProgress && e.total) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    },
  });
}

/** MyStudy shows every course and case at once; a student follows a handful, 100 is a safe ceiling. */
const ALL = { currentNum: 1, currentSize: 100 };

export const myCourses = () => apiGet<Page<Course>>('/api/course/custOfficialCourseSign/pageCourseSignUp', ALL);

/** caseType 1 project cases, 2 practice items; both load together, so neither may abort the other. */
export const myCases = (caseType: 1 | 2) => apiGet<Page<CaseSummary>>('/api/course/caseDetails/queryUserCase', { ...ALL, caseType }, { dedupe: false });

export type { StudyStats };
export const studyStats = () => apiGet<StudyStats>('/api/course/studyRecord/studyStats');

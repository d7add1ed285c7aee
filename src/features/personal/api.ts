import type { AxiosProgressEvent } from 'axios';
import { apiGet, apiPost } from '../../app/http/client';
import type { User } from '../../app/session/session-store';
import type { Page } from '../../app/http/page';

/** Page size of every personal-centre list (SPEC §9). */
export const PAGE_SIZE = 10;

export interface Message {
  uuid: string;
  title: string;
  content: string;
  msgType: number;
  sender: string;
  /** 0 unread, 1 read */
  isLook: number;
  createTime: string;
  readTime: string;
}

export const pageMessages = (currentNum: number) => apiGet<Page<Message>>('/api/customer/userMessage/pageMsg', { currentNum, currentSize: PAGE_SIZE });

/** Reading a message through this call also marks it read on the server. */
export const messageDetail = (uuid: string) => apiGet<Message>('/api/customer/userMessage/detailsMsg', { uuid });

// Both mark calls may run for different ids back to back: never let one abort the other.
export const markMessageRead = (uuid: string) => apiPost<null>('/api/customer/userMessage/changeIsLook', { uuid }, { dedupe: false });

export const markAllMessagesRead = () => apiPost<number>('/api/customer/userMessage/setIsLook');

export interface ProfilePatch {
  username?: string;
  sex?: '0' | '1';
  phone?: string;
  email?: string;
  userPicUrl?: string;
  specialty?: string;
  classmate?: string;
}

/** Answers the updated user (with the current token, which we already hold). */
export const updateUserInfo = (patch: ProfilePatch) => apiPost<User & { token?: string }>('/api/customer/login/updateUserInfo', patch);

export const updatePassword = (oldPassword: string, newPassword: string) => apiPost<null>('/api/customer/login/updatePassword', { oldPassword, newPassword });

/** Task status per student, as the API reports it (overdue is derived by the server). */
export type TaskStatus = 0 | 1 | 2 | 3 | 4;

export interface TaskItem {
  uuid: string;
  taskId: string;
  title: string;
  content: string;
  teacherName: string;
  caseName: string;
  startTime: string;
  endTime: string;
  status: TaskStatus;
  score: number | null;
}

export interface TaskResult {
  taskId: string;
  title: string;
  content: string;
  endTime: string;
  status: TaskStatus;
  answer: string | null;
  fileId: string;
  fileUrl: string;
  score: number | null;
  comment: string | null;
  submitTime: string;
}

export const pageTasks = (currentNum: number) => apiGet<Page<TaskItem>>('/api/course/task/queryTaskPage', { currentNum, currentSize: PAGE_SIZE });

export const taskResult = (taskId: string) => apiGet<TaskResult>('/api/course/taskStudentResource/getTaskResult', { taskId });

export const submitTask = (body: { taskId: string; answer: string; fileId?: string }) =>
  apiPost<{ taskId: string; status: number }>('/api/course/taskStudentResource/addTaskByStudent', body);

export interface UploadedFile {
  uid: string;
  fileName: string;
  fileSize: number;
  contentType: string;
  fileUrl: string;
  downloadUrl: string;
}

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

export interface MyCourse {
  courseId: string;
  name: string;
  cover: string;
  teacherName: string;
  sectionCount: number;
}

export interface MyCase {
  caseId: string;
  name: string;
  caseType: number;
  cover: string;
  teacherName: string;
  nodeCount: number;
  /** 0 not applied, 1 studying, 2 graduated */
  applyStatus: number;
  /** percent 0–100 */
  progress: number;
}

export interface StudyStats {
  /** the last 28 days, oldest first */
  days: { day: string; minutes: number }[];
  totalMinutes: number;
  studyDays: number;
  courses: { courseId: string; name: string; learnt: number; total: number; percent: number }[];
}

/** MyStudy shows every course and case at once; a student follows a handful, 100 is a safe ceiling. */
const ALL = { currentNum: 1, currentSize: 100 };

export const myCourses = () => apiGet<Page<MyCourse>>('/api/course/custOfficialCourseSign/pageCourseSignUp', ALL);

/** caseType 1 project cases, 2 practice items; both load together, so neither may abort the other. */
export const myCases = (caseType: 1 | 2) => apiGet<Page<MyCase>>('/api/course/caseDetails/queryUserCase', { ...ALL, caseType }, { dedupe: false });

export const studyStats = () => apiGet<StudyStats>('/api/course/studyRecord/studyStats');

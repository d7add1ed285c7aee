import { Type, type Static } from 'typebox';
import { Id, Page, PageQuery } from './common';

/** Task status per student: 0 not started, 1 in progress, 2 submitted, 3 reviewed, 4 overdue (derived by the server). */
export const TaskStatus = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
export type TaskStatus = Static<typeof TaskStatus>;

export const TaskQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  title: Type.Optional(Type.String({ maxLength: 100 })),
});
export type TaskQuery = Static<typeof TaskQuery>;
export const TaskIdQuery = Type.Object({ taskId: Id });

export const TaskItem = Type.Object({
  uuid: Type.String(),
  taskId: Type.String(),
  title: Type.String(),
  content: Type.String(),
  teacherName: Type.String(),
  /** '' when the task belongs to no case */
  caseName: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  status: TaskStatus,
  score: Type.Union([Type.Number(), Type.Null()]),
});
export type TaskItem = Static<typeof TaskItem>;
export const TaskPage = Page(TaskItem);

export const TaskResult = Type.Object({
  taskId: Type.String(),
  title: Type.String(),
  content: Type.String(),
  endTime: Type.String(),
  status: TaskStatus,
  answer: Type.String(),
  /** '' without an attachment */
  fileId: Type.String(),
  /** the attachment's name ('' without one) */
  fileName: Type.String(),
  /** bytes (0 without an attachment) */
  fileSize: Type.Number({ minimum: 0 }),
  fileUrl: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  comment: Type.String(),
  /** '' until submitted */
  submitTime: Type.String(),
});
export type TaskResult = Static<typeof TaskResult>;

export const SubmitTaskBody = Type.Object({
  taskId: Id,
  answer: Type.String({ minLength: 1, maxLength: 20000 }),
  fileId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type SubmitTaskBody = Static<typeof SubmitTaskBody>;
export const SubmitTaskResult = Type.Object({ taskId: Type.String(), status: Type.Literal(2) });

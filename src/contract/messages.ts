import { Type, type Static } from 'typebox';
import { Page, PageQuery } from './common';

export const MessageQuery = Type.Object({
  ...PageQuery,
  /** 0 unread, 1 read; absent: both. */
  isLook: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  title: Type.Optional(Type.String({ maxLength: 100 })),
});
export type MessageQuery = Static<typeof MessageQuery>;

/** The message id is accepted as `uuid` (what list items carry) or `id`. */
export const MessageId = Type.Object({ uuid: Type.Optional(Type.String({ maxLength: 64 })), id: Type.Optional(Type.String({ maxLength: 64 })) });
export type MessageId = Static<typeof MessageId>;

export const Message = Type.Object({
  uuid: Type.String(),
  title: Type.String(),
  content: Type.String(),
  msgType: Type.Integer(),
  sender: Type.String(),
  /** 0 unread, 1 read */
  isLook: Type.Integer(),
  createTime: Type.String(),
  /** '' while unread */
  readTime: Type.String(),
  /** The task a 新任务 notice announces: the message links to it (/task?id=). */
  taskId: Type.Optional(Type.String()),
});
export type Message = Static<typeof Message>;
export const MessagePage = Page(Message);
export type MessagePage = Static<typeof MessagePage>;

/** The header's unread dot: `list` is a page of unread messages, `list.total` their count. */
export const NewsCheck = Type.Object({ list: MessagePage });
export type NewsCheck = Static<typeof NewsCheck>;

/** setIsLook: how many messages changed. */
export const MarkedCount = Type.Integer();

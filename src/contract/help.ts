import { Type, type Static } from 'typebox';
import { Page, PageQuery } from './common';

export const HelpQuery = Type.Object({ ...PageQuery, title: Type.Optional(Type.String({ maxLength: 100 })) });
export type HelpQuery = Static<typeof HelpQuery>;

export const HelpEntry = Type.Object({ uuid: Type.String(), title: Type.String(), content: Type.String(), category: Type.String(), createTime: Type.String() });
export type HelpEntry = Static<typeof HelpEntry>;
export const HelpPage = Page(HelpEntry);
export type HelpPage = Static<typeof HelpPage>;

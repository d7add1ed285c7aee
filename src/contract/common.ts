import { Type, type Static, type TSchema } from 'typebox';
import { PHONE_PATTERN } from './rules';

/**
 * Pieces every API contract file builds on (DESIGN §4). Contract files are pure: they import only
 * `typebox` (the same TypeBox the server's type provider infers from; `@sinclair/typebox` 0.34
 * schemas do not infer through it) and each other. The server declares them as route schemas; the
 * client takes their `Static<>` types with `import type`, so no schema code reaches the browser.
 */

/**
 * `{ resultCode, errMsg, data }`, HTTP 200 (src/server/http/envelope.ts). `data` may also be null:
 * error envelopes go out through the same serialiser.
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ resultCode: Type.Integer(), errMsg: Type.String(), data: Type.Union([data, Type.Null()]) });

/** A route's `response` schema for an enveloped answer: serialisation drops every field not listed. */
export const Reply = <T extends TSchema>(data: T) => ({ 200: Envelope(data) });

/** One page of a list (src/server/lib/paging.ts). */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ records: Type.Array(item), total: Type.Integer(), pages: Type.Integer(), current: Type.Integer(), size: Type.Integer() });
export interface PageOf<T> {
  records: T[];
  total: number;
  pages: number;
  current: number;
  size: number;
}

/** An answer with nothing in it (`data: null`). */
export const Nothing = Type.Null();

/** Ids are opaque strings (DESIGN §4). */
export const Id = Type.String({ minLength: 1, maxLength: 64 });

/** Paging query every list accepts: `currentNum` (1-based) and `currentSize` (capped at 1000). */
export const PageQuery = {
  currentNum: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  currentSize: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
};
export const PageQuerySchema = Type.Object(PageQuery);
export type PageQueryType = Static<typeof PageQuerySchema>;

/** The 年份 filter of the course and case lists: a four-digit academic year as the year list's dictValue; absent means every year. */
export const YearQuery = Type.Optional(Type.String({ pattern: '^[0-9]{4}$' }));

/**
 * SPEC §5 fields as request strings. The phone pattern is checked by the handler (src/contract/rules.ts)
 * where the field is optional, so that an empty value clears it and a wrong one gets the SPEC message;
 * these bound the length.
 */
export const PhoneField = Type.String({ maxLength: 32 });
export const EmailField = Type.String({ maxLength: 128 });
export const PasswordField = Type.String({ minLength: 1, maxLength: 128 });
/** A phone that must be present and valid (the pattern is the one of rules.ts). */
export const RequiredPhone = Type.String({ pattern: PHONE_PATTERN, maxLength: 11 });

import { Type, type Static } from 'typebox';

/** GET /api/health; the same envelope goes out with HTTP 503 when the database does not answer. */
export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  databaseKind: Type.String(),
  dbMs: Type.Integer(),
});
export type Health = Static<typeof Health>;

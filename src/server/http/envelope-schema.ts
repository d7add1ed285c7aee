import { Type, type TSchema } from '@fastify/type-provider-typebox';

/**
 * Response schema of an enveloped answer. `data` may also be null because error envelopes go out
 * with HTTP 200 through the same serializer. Declaring it makes fast-json-stringify drop any field
 * not listed, so a stray column (a password hash) can never leak through these routes.
 */
export function envelopeOf<T extends TSchema>(data: T) {
  return { 200: Type.Object({ resultCode: Type.Integer(), errMsg: Type.String(), data: Type.Union([data, Type.Null()]) }) };
}

export const UserViewSchema = Type.Object({
  token: Type.Optional(Type.String()),
  customerType: Type.Integer(),
  username: Type.String(),
  studentNo: Type.String(),
  userId: Type.String(),
  userPicUrl: Type.String(),
  sex: Type.String(),
  identityNumber: Type.String(),
  specialty: Type.String(),
  classmate: Type.String(),
  phone: Type.String(),
  email: Type.String(),
});

/** `{ records, total, pages, current, size }` of the given item schema. */
export function pageSchemaOf<T extends TSchema>(item: T) {
  return Type.Object({ records: Type.Array(item), total: Type.Integer(), pages: Type.Integer(), current: Type.Integer(), size: Type.Integer() });
}

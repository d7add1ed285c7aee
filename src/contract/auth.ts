import { Type, type Static } from 'typebox';
import { PasswordField } from './common';
import { UserView } from './customer';

/** POST /api/authcust/login/token (SPEC §7). */
export const LoginBody = Type.Object({
  loginName: Type.String({ minLength: 1, maxLength: 64 }),
  password: PasswordField,
  loginType: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.String({ maxLength: 8 })])),
});
export type LoginBody = Static<typeof LoginBody>;

/** The user with the new session's token. */
export const LoginData = Type.Object({ ...UserView.properties, token: Type.String() });
export type LoginData = Static<typeof LoginData>;

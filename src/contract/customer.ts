import { Type, type Static } from 'typebox';
import { EmailField, PasswordField, PhoneField } from './common';

/** The signed-in student as login, selectUser and updateUserInfo return it (SPEC §3 field names). */
export const UserView = Type.Object({
  /** 1: student-side trial account (SPEC §6). */
  customerType: Type.Integer(),
  username: Type.String(),
  studentNo: Type.String(),
  userId: Type.String(),
  /** Avatar URL; empty means the default by sex. */
  userPicUrl: Type.String(),
  /** '1' female, '0' male (SPEC §2 default avatars). */
  sex: Type.String(),
  identityNumber: Type.String(),
  specialty: Type.String(),
  classmate: Type.String(),
  phone: Type.String(),
  email: Type.String(),
});
export type UserView = Static<typeof UserView>;

/** selectUser and updateUserInfo also carry the session's token (the one the client already holds). */
export const UserWithToken = Type.Object({ ...UserView.properties, token: Type.Optional(Type.String()) });
export type UserWithToken = Static<typeof UserWithToken>;

export const PasswordBody = Type.Object({ oldPassword: PasswordField, newPassword: PasswordField });
export type PasswordBody = Static<typeof PasswordBody>;

/** Only the fields sent change; phone and e-mail may be sent empty to clear them (SPEC §5). */
export const UserInfoBody = Type.Object({
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  sex: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  phone: Type.Optional(PhoneField),
  email: Type.Optional(EmailField),
  userPicUrl: Type.Optional(Type.String({ maxLength: 500 })),
  specialty: Type.Optional(Type.String({ maxLength: 64 })),
  classmate: Type.Optional(Type.String({ maxLength: 64 })),
  identityNumber: Type.Optional(Type.String({ maxLength: 32 })),
});
export type UserInfoBody = Static<typeof UserInfoBody>;

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Nothing, Reply } from '../../../contract/common';
import { PasswordBody, UserInfoBody, UserWithToken } from '../../../contract/customer';
import { badRequest, notFound, ok, sessionExpired } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { hashPassword, verifyPassword } from '../../lib/password';
import { EMAIL_MSG, isEmail, isPassword, isPhone, PASSWORD_MSG, PHONE_MSG } from '../../../contract/rules';
import { admitAttempt, lockedError, recordFailure, recordSuccess, type LockScope } from '../auth/lockout';
import { revokeSession } from '../auth/sessions';
import { findStudent, userView } from '../auth/students';
import { acceptedAvatar } from '../files/avatar';
import { changePassword, updateProfile } from './customer';

/** The signed-in student's own profile and password (SPEC §7 Login and customer). */
export async function customerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  r.get('/api/customer/login/selectUser', { schema: { response: Reply(UserWithToken) } }, async (request) => {
    const student = await findStudent(app.db, studentIdOf(request));
    if (!student) throw sessionExpired();
    return ok({ token: request.auth?.token ?? '', ...userView(student) });
  });

  r.post(
    '/api/customer/login/updatePassword',
    { schema: { body: PasswordBody, response: Reply(Nothing) }, config: { write: { experience: 'refuse' } } },
    async (request) => {
      const id = studentIdOf(request);
      const student = await findStudent(app.db, id);
      if (!student) throw sessionExpired();
      const { oldPassword, newPassword } = request.body;
      if (!isPassword(newPassword)) throw badRequest(PASSWORD_MSG);
      // A session (a stolen one, a shared computer) must not become an unthrottled oracle for the
      // password: oldPassword is counted and locked exactly like a login from this address, and
      // once this address is locked the session itself ends. An account-wide lock does not end it:
      // others' failures must not be a way to log the student out.
      const endSessionIfLockedHere = async (scope: LockScope | null) => {
        if (scope === 'client') await revokeSession(app.db, app.sessionCache, request.auth!.token);
      };
      const admission = await admitAttempt(app.db, student.login_name, request.ip);
      if (!admission.admitted) {
        await endSessionIfLockedHere(admission.scope);
        throw lockedError();
      }
      if (!(await verifyPassword(oldPassword, student.password_hash))) {
        const locked = await recordFailure(app.db, student.login_name, request.ip);
        await endSessionIfLockedHere(locked);
        throw locked ? lockedError() : badRequest('原密码错误');
      }
      await changePassword(app.db, app.sessionCache, id, await hashPassword(newPassword), request.auth!.token);
      await recordSuccess(app.db, student.login_name, request.ip);
      return ok(null);
    },
  );

  r.post(
    '/api/customer/login/updateUserInfo',
    { schema: { body: UserInfoBody, response: Reply(UserWithToken) }, config: { write: { experience: 'refuse' } } },
    async (request) => {
      const id = studentIdOf(request);
      const b = request.body;
      const phone = b.phone?.trim();
      const email = b.email?.trim();
      // Both are optional (SPEC §5): empty clears, anything else must match the rule.
      if (phone && !isPhone(phone)) throw badRequest(PHONE_MSG);
      if (email && !isEmail(email)) throw badRequest(EMAIL_MSG);
      // Other students' browsers load the avatar: only an image the student uploaded (files/avatar.ts).
      const avatar = b.userPicUrl === undefined ? undefined : await acceptedAvatar(app.db, id, b.userPicUrl);
      const updated = await updateProfile(app.db, id, {
        username: b.username?.trim() || undefined,
        sex: b.sex,
        phone,
        email,
        avatar,
        specialty: b.specialty,
        classmate: b.classmate,
        identity_number: b.identityNumber,
      });
      if (!updated) throw notFound();
      return ok({ token: request.auth?.token ?? '', ...userView(updated) });
    },
  );
}

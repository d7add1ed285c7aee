import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { badRequest, notFound, ok, sessionExpired } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { UserViewSchema, envelopeOf } from '../../http/envelope-schema';
import { hashPassword, verifyPassword } from '../../lib/password';
import { EMAIL_MSG, isEmail, PASSWORD_MSG, PASSWORD_RE, PHONE_MSG, PHONE_RE } from '../../lib/rules';
import { admitAttempt, lockedError, recordFailure, recordSuccess, type LockScope } from '../auth/lockout';
import { revokeOtherSessions, revokeSession } from '../auth/sessions';
import { findStudent, userView } from '../auth/students';
import { acceptedAvatar } from '../files/avatar';

const PasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 128 }),
  newPassword: Type.String({ minLength: 1, maxLength: 128 }),
});

const UserInfoBody = Type.Object({
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  sex: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  phone: Type.Optional(Type.String({ maxLength: 32 })),
  email: Type.Optional(Type.String({ maxLength: 128 })),
  userPicUrl: Type.Optional(Type.String({ maxLength: 500 })),
  specialty: Type.Optional(Type.String({ maxLength: 64 })),
  classmate: Type.Optional(Type.String({ maxLength: 64 })),
  identityNumber: Type.Optional(Type.String({ maxLength: 32 })),
});

/** The signed-in student's own profile and password (SPEC §7 Login and customer). */
export async function customerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  r.get('/api/customer/login/selectUser', { schema: { response: envelopeOf(UserViewSchema) } }, async (request) => {
    const student = await findStudent(app.db, studentIdOf(request));
    if (!student) throw sessionExpired();
    return ok({ token: request.auth?.token ?? '', ...userView(student) });
  });

  r.post('/api/customer/login/updatePassword', { schema: { body: PasswordBody }, config: { write: { experience: 'refuse' } } }, async (request) => {
    const id = studentIdOf(request);
    const student = await findStudent(app.db, id);
    if (!student) throw sessionExpired();
    const { oldPassword, newPassword } = request.body;
    if (!PASSWORD_RE.test(newPassword)) throw badRequest(PASSWORD_MSG);
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
    const hash = await hashPassword(newPassword);
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('students').set({ password_hash: hash }).where('id', '=', id).execute();
      // Whoever else holds a session (a lost phone, a shared computer) must log in with the new password.
      await revokeOtherSessions(trx, app.sessionCache, id, request.auth!.token);
    });
    // Again after commit: a lookup between the delete and the commit still read the old rows.
    app.sessionCache.forgetStudent(id);
    await recordSuccess(app.db, student.login_name, request.ip);
    return ok(null);
  });

  r.post('/api/customer/login/updateUserInfo', { schema: { body: UserInfoBody, response: envelopeOf(UserViewSchema) }, config: { write: { experience: 'refuse' } } }, async (request) => {
    const id = studentIdOf(request);
    const b = request.body;
    const phone = b.phone?.trim();
    const email = b.email?.trim();
    // Both are optional (SPEC §5): empty clears, anything else must match the rule.
    if (phone && !PHONE_RE.test(phone)) throw badRequest(PHONE_MSG);
    if (email && !isEmail(email)) throw badRequest(EMAIL_MSG);
    // Other students' browsers load the avatar: only an image the student uploaded (files/avatar.ts).
    const avatar = b.userPicUrl === undefined ? undefined : await acceptedAvatar(app.db, id, b.userPicUrl);
    const patch = Object.fromEntries(
      Object.entries({
        username: b.username?.trim() || undefined,
        sex: b.sex,
        phone,
        email,
        avatar,
        specialty: b.specialty,
        classmate: b.classmate,
        identity_number: b.identityNumber,
      }).filter(([, v]) => v !== undefined),
    );
    // An empty patch is a no-op, not an invalid UPDATE statement.
    const updated =
      Object.keys(patch).length === 0
        ? await findStudent(app.db, id)
        : await app.db.updateTable('students').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
    if (!updated) throw notFound();
    return ok({ token: request.auth?.token ?? '', ...userView(updated) });
  });
}

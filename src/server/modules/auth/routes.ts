import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError, ResultCode, ok } from '../../http/envelope';
import { tokenOf } from '../../http/auth';
import { UserViewSchema, envelopeOf } from '../../http/envelope-schema';
import { hashPassword, verifyPassword } from '../../lib/password';
import { admitAttempt, lockedError, purgeStaleAttempts, recordFailure, recordSuccess } from './lockout';
import { createSession, purgeExpiredSessions, revokeSession } from './sessions';
import { findStudentByLogin, userView } from './students';

const LoginBody = Type.Object({
  loginName: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  loginType: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.String({ maxLength: 8 })])),
});

const WRONG = '账号或密码错误';

/** POST /api/authcust/login/token (SPEC §7) and our logout. Public routes; login is IP rate limited. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // Unknown login names are checked against this hash, so they cost the same scrypt as real ones
  // and response time does not reveal which names exist. Made once here, not on the first
  // unknown name (which would then pay for two).
  const dummyHash = await hashPassword(randomBytes(16).toString('base64'));

  r.post(
    '/api/authcust/login/token',
    {
      schema: { body: LoginBody, response: envelopeOf(UserViewSchema) },
      config: { write: { experience: 'allow' }, rateLimit: { max: app.config.loginRateLimitMax, timeWindow: app.config.loginRateLimitWindowMs } },
    },
    async (request) => {
      const loginName = request.body.loginName.trim();
      // Known and unknown names take the same steps: count, check, record (lockout.ts).
      const admission = await admitAttempt(app.db, loginName, request.ip);
      if (!admission.admitted) throw lockedError();
      const student = await findStudentByLogin(app.db, loginName);
      const right = await verifyPassword(request.body.password, student?.password_hash ?? dummyHash);
      if (!student || !right) {
        const locked = await recordFailure(app.db, loginName, request.ip);
        throw locked ? lockedError() : new ApiError(ResultCode.badRequest, WRONG);
      }
      await recordSuccess(app.db, loginName, request.ip);
      await purgeExpiredSessions(app.db);
      await purgeStaleAttempts(app.db);
      await app.db.deleteFrom('rate_limits').where('reset_at', '<', new Date(Date.now() - 3600_000)).execute();
      const token = await createSession(app.db, student.id, app.config.sessionTtlMs);
      return ok({ token, ...userView(student) });
    },
  );

  // Idempotent: logging out with a missing or dead token is still a successful logout.
  r.post('/api/authcust/login/logout', { config: { write: { experience: 'allow' } } }, async (request) => {
    const token = tokenOf(request);
    if (token) await revokeSession(app.db, app.sessionCache, token);
    return ok(null);
  });
}

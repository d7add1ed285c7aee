import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError, ResultCode, ok } from '../../http/envelope';
import { tokenOf } from '../../http/auth';
import { UserViewSchema, envelopeOf } from '../../http/envelope-schema';
import { hashPassword, verifyPassword } from '../../lib/password';
import { createSession, purgeExpiredSessions, revokeSession } from './sessions';
import { LOCK_MINUTES, clearLoginFailures, findStudentByLogin, isLocked, recordLoginFailure, userView } from './students';

const LoginBody = Type.Object({
  loginName: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  loginType: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.String({ maxLength: 8 })])),
});

const WRONG = '账号或密码错误';
const LOCKED = `登录失败次数过多，账号已锁定，请${LOCK_MINUTES}分钟后再试`;

// Unknown login names still pay for one scrypt so response time does not reveal which names exist.
let dummyHash: Promise<string> | undefined;

/** POST /api/authcust/login/token (SPEC §7) and our logout. Public routes; login is IP rate limited. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/api/authcust/login/token',
    {
      schema: { body: LoginBody, response: envelopeOf(UserViewSchema) },
      config: { write: { experience: 'allow' }, rateLimit: { max: app.config.loginRateLimitMax, timeWindow: app.config.loginRateLimitWindowMs } },
    },
    async (request) => {
      const { loginName, password } = request.body;
      const student = await findStudentByLogin(app.db, loginName.trim());
      if (!student) {
        dummyHash ??= hashPassword('not-a-real-password-1');
        await verifyPassword(password, await dummyHash);
        throw new ApiError(ResultCode.badRequest, WRONG);
      }
      if (isLocked(student)) throw new ApiError(ResultCode.locked, LOCKED);
      if (!(await verifyPassword(password, student.password_hash))) {
        const lockedNow = await recordLoginFailure(app.db, student.id);
        throw lockedNow ? new ApiError(ResultCode.locked, LOCKED) : new ApiError(ResultCode.badRequest, WRONG);
      }
      await clearLoginFailures(app.db, student.id);
      await purgeExpiredSessions(app.db);
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

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LoginBody, LoginData } from '../../../contract/auth';
import { Nothing, Reply } from '../../../contract/common';
import { ApiError, ResultCode, ok } from '../../http/envelope';
import { tokenOf } from '../../http/auth';
import { hashPassword, verifyPassword } from '../../lib/password';
import { admitAttempt, lockedError, recordFailure, recordSuccess } from './lockout';
import { purgeStale } from './purge';
import { createSession, revokeSession } from './sessions';
import { findStudentByLogin, userView } from './students';

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
      schema: { body: LoginBody, response: Reply(LoginData) },
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
      await purgeStale(app.db);
      const token = await createSession(app.db, student.id, app.config.sessionTtlMs);
      return ok({ token, ...userView(student) });
    },
  );

  // Idempotent: logging out with a missing or dead token is still a successful logout.
  r.post('/api/authcust/login/logout', { schema: { response: Reply(Nothing) }, config: { write: { experience: 'allow' } } }, async (request) => {
    const token = tokenOf(request);
    if (token) await revokeSession(app.db, app.sessionCache, token);
    return ok(null);
  });
}

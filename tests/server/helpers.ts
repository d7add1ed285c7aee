import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';

export const NORMAL = '13800000001';
export const EXPERIENCE = '13800000002';
export const GRADUATED = '13800000003';

/** Logs a demo account in through the real endpoint and returns its token. */
export async function login(app: FastifyInstance, loginName = NORMAL, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/authcust/login/token', payload: { loginName, password, loginType: 0 } });
  const body = res.json();
  if (body.resultCode !== 200) throw new Error(`login ${loginName} failed: ${body.errMsg}`);
  return body.data.token as string;
}

/** Calls an enveloped endpoint with a token and returns the parsed envelope. */
export async function call(app: FastifyInstance, token: string | null, opts: InjectOptions) {
  const res = await app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { authorization: token } : {}) } });
  return res.json() as { resultCode: number; errMsg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Applies for cases through the real endpoint: writes to a case need an active application. */
export async function applyTo(app: FastifyInstance, token: string, ...caseIds: string[]): Promise<void> {
  for (const caseId of caseIds) {
    const body = await call(app, token, { method: 'POST', url: '/api/course/caseApply/saveApply', payload: { caseId } });
    if (body.resultCode !== 200) throw new Error(`apply ${caseId} failed: ${body.errMsg}`);
  }
}

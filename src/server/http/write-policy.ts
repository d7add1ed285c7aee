import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { EXPERIENCE_MSG, GRADUATED_MSG, NOT_APPLIED_MSG, caseWriteAccess } from '../modules/cases/access';
import type { DbOrTrx } from '../db/database';
import { forbidden, notFound } from './envelope';

/** The case a request writes to, read from its validated input (undefined: not a case write). */
export type CaseOf = (request: FastifyRequest) => string | undefined | Promise<string | undefined>;

/**
 * What a route that writes allows, declared beside it as `config: { write: … }`. Every route
 * with a method other than GET must declare one (the app refuses to start otherwise), and so
 * must a GET that writes (cancelSignIn, detailsMsg); the hooks below enforce it on the server,
 * whatever the client does.
 */
export interface WritePolicy {
  /**
   * The experience account (customerType 1) tries the student side; writing is case management
   * on the teacher side (SPEC §6): 'refuse' answers 403 with the SPEC's message before the input
   * is even read. 'allow' only where nothing is kept that others see (its own session, read marks).
   */
  experience: 'allow' | 'refuse';
  /** A case-scoped write: the student needs an active application to this case (403 without one, 403 graduated, 404 no such case). */
  caseOf?: CaseOf;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    write?: WritePolicy;
  }
}

/** The common case-scoped write: `caseId` in the validated body. */
export const caseInBody: CaseOf = (request) => (request.body as { caseId?: string } | undefined)?.caseId;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
/** Routes that change state, as registered: any method but GET/HEAD/OPTIONS, or a declared policy. */
export const isWriteRoute = (route: Pick<RouteOptions, 'method' | 'config'>) =>
  (route.config as { write?: WritePolicy } | undefined)?.write !== undefined || methodsOf(route as RouteOptions).some((m) => !READ_METHODS.has(m));

/** The experience account (customerType 1): it tries the student side and keeps nothing (SPEC §6). */
export async function isExperienceAccount(db: DbOrTrx, studentId: string): Promise<boolean> {
  const s = await db.selectFrom('students').select('customer_type').where('id', '=', studentId).executeTakeFirst();
  return s?.customer_type === 1;
}

async function refuseExperience(request: FastifyRequest): Promise<void> {
  if (!request.auth) return; // a public route (login): nobody to refuse yet
  // requireStudent read it with the session; a route authenticated otherwise asks the database
  const experience = request.auth.experience ?? (await isExperienceAccount(request.server.db, request.auth.studentId));
  if (experience) throw forbidden(EXPERIENCE_MSG);
}

function requireApplication(caseOf: CaseOf) {
  return async (request: FastifyRequest): Promise<void> => {
    const caseId = await caseOf(request);
    if (caseId === undefined || !request.auth) return;
    const access = await caseWriteAccess(request.server.db, request.auth.studentId, caseId);
    if (access === null) throw notFound('案例不存在');
    if (access === 0) throw forbidden(NOT_APPLIED_MSG);
    if (access === 2) throw forbidden(GRADUATED_MSG);
  };
}

const hooksOf = (h: unknown): unknown[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

/**
 * Attaches each route's declared write policy as hooks of that route: the experience check
 * before validation (nothing about the input matters), the application check after it (the
 * case id is validated then). A write route without a policy stops the app at start.
 */
export function installWritePolicy(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const policy = route.config?.write;
    if (!policy) {
      if (isWriteRoute(route))
        throw new Error(`${methodsOf(route).join(',')} ${route.url} writes but declares no config.write policy (src/server/http/write-policy.ts)`);
      return;
    }
    if (policy.experience === 'refuse') route.preValidation = [...hooksOf(route.preValidation), refuseExperience] as RouteOptions['preValidation'];
    if (policy.caseOf) route.preHandler = [...hooksOf(route.preHandler), requireApplication(policy.caseOf)] as RouteOptions['preHandler'];
  });
}

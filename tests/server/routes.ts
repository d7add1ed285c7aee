import type { RouteOptions } from 'fastify';
import { isWriteRoute, type WritePolicy } from '../../src/server/http/write-policy';

/**
 * One route as the app registered it (Fastify's onRoute hook, see createTestApp): the
 * cross-cutting tests (auth guard, write policy, numeric bounds, fuzzing) walk this table, so a
 * route added to the server is covered without anyone listing it here.
 */
export interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The path as registered (`:id` for a parameter). */
  path: string;
  /** A callable URL: parameters filled with a real id. */
  url: string;
  /** Needs no token. */
  public: boolean;
  /** Changes state (any method but GET, or a GET that declares a write policy). */
  write: boolean;
  policy: WritePolicy | undefined;
  schema: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> };
}

/**
 * The routes that need no login: a deliberate, reviewed list (SPEC §4 and the 🔓 marks of the
 * README API list). Every other registered route must answer 40101 without a token.
 */
export const PUBLIC_ROUTES = new Set([
  'POST /api/authcust/login/token',
  'POST /api/authcust/login/logout',
  'GET /api/baseManage/v1/sysConfig/getYearList',
  'GET /api/baseManage/v1/dictData/getTreeDicts',
  'GET /api/basic/helpCenter/helpCenterPage',
  'GET /api/folder/resource/file/download',
  'GET /api/folder/resource/file/vod/:id',
  'GET /api/course/caseClassification/getCaseClassifyList',
  'GET /api/course/public/coursePage',
  'GET /api/course/public/casePage',
  'GET /api/course/cover/:id',
  'GET /api/health',
]);

/** The request inputs a route may declare a schema for, by the name of its schema. */
export const INPUTS = { query: 'querystring', body: 'body', params: 'params' } as const;
export type Input = keyof typeof INPUTS;

/** The inputs a route declares no schema for: its handler must not read them (see route-table.test.ts). */
export function unschemed(schema: RouteCase['schema'] | undefined): Input[] {
  return (Object.keys(INPUTS) as Input[]).filter((input) => !schema?.[INPUTS[input]]);
}

/** The auth matrix: every route called without a token (and with bad ones) must answer 40101. */
export const authMatrix = (routes: readonly RouteCase[]): RouteCase[] => routes.filter((r) => !r.public);

/** Parameter values for callable URLs (a seeded file for the media route). */
const PARAMS: Record<string, string> = { id: 'file-demo-video' };

/** Builds the table from the routes onRoute reported (HEAD twins of GET routes left out). */
export function routeCases(registered: RouteOptions[]): RouteCase[] {
  const out: RouteCase[] = [];
  for (const r of registered) {
    for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const path = r.url;
      out.push({
        method: method as RouteCase['method'],
        path,
        url: path.replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? 'x'),
        public: PUBLIC_ROUTES.has(`${method} ${path}`),
        write: isWriteRoute({ method, config: r.config }),
        policy: r.config?.write,
        schema: (r.schema ?? {}) as RouteCase['schema'],
      });
    }
  }
  return out;
}

import type { FastifyInstance } from 'fastify';
import { badRequest } from './envelope';

/**
 * PostgreSQL text cannot hold U+0000: a NUL in any stored or compared string made the database
 * throw and the student saw a 500. Refuse it up front, for every route, in the query, the route
 * parameters and anywhere inside a JSON body (keys too). Iterative, so a deeply nested body
 * cannot overflow the stack here.
 */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v && typeof v === 'object') {
      if (Buffer.isBuffer(v)) continue;
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.query) || hasNul(request.params) || hasNul(request.body)) throw badRequest('参数不能包含空字符');
  });
}

import type { FastifyInstance } from 'fastify';
import { MAX_DOCUMENT_JSON_DEPTH } from '../../mindmap/core';
import { badRequest } from './envelope';
import { looseNumberIn } from './strict-numbers';
import { fieldLabels } from './validation-messages';

/**
 * Deepest JSON any request may carry: a mind-map document at its limits inside the body object.
 * Anything deeper is no input of ours, and a value that deep would make the recursive
 * JSON.stringify (a log line, an answer) overflow the stack later.
 */
export const MAX_INPUT_DEPTH = MAX_DOCUMENT_JSON_DEPTH + 2;

/** True when `value` nests deeper than MAX_INPUT_DEPTH (a scalar is depth 1). Iterative. */
export function tooDeep(value: unknown): boolean {
  // Containers only, on parallel stacks: a map save's body holds tens of thousands of values.
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  const values: object[] = [value];
  const depths: number[] = [1];
  while (values.length) {
    const v = values.pop()!;
    const d = depths.pop()!;
    const children = Object.values(v);
    if (children.length && d + 1 > MAX_INPUT_DEPTH) return true;
    for (const child of children) {
      if (!child || typeof child !== 'object') continue;
      values.push(child);
      depths.push(d + 1);
    }
  }
  return false;
}

/** True when some string (value or key) or number anywhere inside `value` fails `bad`. Iterative. */
function some(value: unknown, bad: (leaf: string | number) => boolean): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string' || typeof v === 'number') {
      if (bad(v)) return true;
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v)) {
        if (bad(k)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** PostgreSQL text cannot hold U+0000. */
export const hasNul = (value: unknown) => some(value, (x) => typeof x === 'string' && x.includes('\u0000'));
/** `1e309` in JSON and `Infinity` in a query (coerced by the validator) are no number a column holds. */
export const hasNonFinite = (value: unknown) => some(value, (x) => typeof x === 'number' && !Number.isFinite(x));

/**
 * Inputs the database cannot take made it throw and the student saw a 500. They are refused for
 * every route, in the query, route parameters and anywhere inside a JSON body, before any handler
 * runs; the walk is iterative so a deeply nested body cannot overflow the stack here.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (tooDeep(request.body)) throw badRequest('参数格式错误：嵌套层级过深');
    if (hasNul(request.query) || hasNul(request.params) || hasNul(request.body)) throw badRequest('参数不能包含空字符');
    // Before the validator coerces "1e3", "0x10", " 1" or true into a number (strict-numbers.ts).
    const loose = looseNumberIn(request);
    if (loose !== false) {
      const field =
        loose
          .split(/[.[\]]/)
          .filter(Boolean)
          .pop() ?? '';
      throw badRequest(`参数格式错误：${fieldLabels[field] ?? field}`);
    }
  });
  // After validation: the validator's type coercion is what turns "Infinity" into a number.
  app.addHook('preHandler', async (request) => {
    if (hasNonFinite(request.query) || hasNonFinite(request.params) || hasNonFinite(request.body)) throw badRequest('参数格式错误：数值超出范围');
  });
}

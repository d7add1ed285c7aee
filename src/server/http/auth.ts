import type { FastifyReply, FastifyRequest } from 'fastify';
import { findSessionStudent } from '../modules/auth/sessions';
import { sessionExpired } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireStudent on protected routes: the signed-in student's id and raw token. */
    auth: { studentId: string; token: string } | null;
  }
}

/** Accepts the raw token (what the original client sends) and `Bearer <token>`. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  const token = value.trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/**
 * onRequest hook of every protected route: 40101 for a missing, unknown or expired token, which the
 * client answers with its silent re-login (SPEC §4). Runs before body parsing and validation, so an
 * anonymous caller learns nothing about a route but that it needs a login.
 */
export async function requireStudent(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = tokenOf(request);
  if (!token) throw sessionExpired();
  const studentId = await findSessionStudent(request.server.db, request.server.sessionCache, token);
  if (!studentId) throw sessionExpired();
  request.auth = { studentId, token };
}

/** The signed-in student's id; only call on routes guarded by requireStudent. */
export function studentIdOf(request: FastifyRequest): string {
  if (!request.auth) throw sessionExpired();
  return request.auth.studentId;
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { findSession } from '../modules/auth/sessions';
import { sessionExpired } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by requireStudent on protected routes: the signed-in student's id, raw token, and
     * whether it is the experience account (the write policy's question, answered with the session).
     */
    auth: { studentId: string; token: string; experience?: boolean } | null;
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
  const owner = await findSession(request.server.db, request.server.sessionCache, token);
  if (!owner) throw sessionExpired();
  request.auth = { studentId: owner.studentId, token, experience: owner.experience };
}

/** The signed-in student's id; only call on routes guarded by requireStudent. */
export function studentIdOf(request: FastifyRequest): string {
  if (!request.auth) throw sessionExpired();
  return request.auth.studentId;
}

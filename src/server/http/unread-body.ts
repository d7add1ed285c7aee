import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './envelope';

/**
 * An answer given before the request body has been read (an upload refused for its size, type,
 * quota or the concurrency limit) closes the connection: otherwise Node reads the rest of the body
 * to reuse the connection, so a client could make the server read 200 MiB after the refusal, and
 * the refusal only reaches the client once it has sent everything. With `Connection: close` Node
 * destroys the socket once the answer is flushed.
 */
export async function closeIfBodyUnread(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.raw.complete) reply.header('connection', 'close');
}

/**
 * Refuses at once, before any body is read, a request whose declared Content-Length is over
 * `maxBytes` (an onRequest hook; the answer then closes the connection, see closeIfBodyUnread).
 * A chunked body declares nothing and is cut by the streaming limit instead.
 */
export const refuseDeclaredOver =
  (maxBytes: number, errMsg: string) =>
  async (request: FastifyRequest): Promise<void> => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxBytes) throw badRequest(errMsg);
  };

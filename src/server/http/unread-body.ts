import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './envelope';

/** A refused request body of at most this many declared bytes is read to its end before the answer. */
export const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;
/** How long a refused body may take to arrive before the answer goes anyway (and closes). */
const DRAIN_TIMEOUT_MS = 15_000;

/**
 * An answer given before the request body has been read (an upload refused for its name, type,
 * size, quota or the concurrency limit; a JSON body over its route's limit). Closing the
 * connection on unread bytes makes the client's network stack report a reset, often before it
 * reads the answer (issue 37: the student saw a failed request instead of 不支持的文件类型), so a
 * body whose declared length is at most DRAIN_LIMIT_BYTES is read and discarded first, then
 * answered on a connection that stays usable. A larger or chunked body (no declared end) is not
 * read: the answer goes at once with `Connection: close`, as it must not make the server read
 * 200 MiB after the refusal; so does one that stalls past DRAIN_TIMEOUT_MS.
 */
export async function answerAfterBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  const length = request.headers['content-length'];
  // No body (nothing declared, not chunked), or all of it read already: nothing to wait for.
  if ((length === undefined && request.headers['transfer-encoding'] === undefined) || raw.complete || raw.readableEnded || raw.destroyed) return;
  const declared = Number(length);
  if (!(declared <= DRAIN_LIMIT_BYTES)) {
    reply.header('connection', 'close');
    lingerOnClose(raw.socket);
    return;
  }
  await new Promise<void>((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      raw.off('end', finish);
      raw.off('close', finish);
      raw.off('error', finish);
      resolve();
    };
    const timer = setTimeout(() => {
      reply.header('connection', 'close');
      lingerOnClose(raw.socket);
      finish();
    }, DRAIN_TIMEOUT_MS);
    raw.on('end', finish);
    raw.on('close', finish);
    raw.on('error', finish);
    // The multipart parser may hold the stream (piped, paused by backpressure): take it back.
    raw.unpipe();
    raw.resume();
  });
}

/** How long a connection closed on an unread body goes on reading (and dropping) what still comes. */
const LINGER_MS = 5_000;

/**
 * Closing a socket with unread bytes makes the kernel send a reset, and a client still sending
 * then often loses the answer it had not read yet (a chunked 25 MB upload on a loaded box got
 * no 上传内容过大, only a reset). So, as nginx's lingering close does: the answer is sent and our
 * side ended, then what the client still sends is read and dropped until it closes its side (on
 * seeing the answer) or LINGER_MS pass.
 */
function lingerOnClose(socket: Socket | null): void {
  if (!socket || (socket as LingeringSocket).lingering) return;
  (socket as LingeringSocket).lingering = true;
  // Node's server ends and destroys the socket with destroySoon once a `connection: close` answer is sent.
  socket.destroySoon = () => {
    socket.end();
    socket.on('data', () => {});
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
  };
}

type LingeringSocket = Socket & { lingering?: boolean };

/** answerAfterBody on every answer of the app. */
export function installBodyDrain(app: FastifyInstance): void {
  app.addHook('onSend', answerAfterBody);
}

/**
 * Refuses at once, before any body is read, a request whose declared Content-Length is over
 * `maxBytes` (an onRequest hook; the answer reads the body first when it is small enough to,
 * see answerAfterBody). A chunked body declares nothing and is cut by the streaming limit instead.
 */
export const refuseDeclaredOver =
  (maxBytes: number, errMsg: string) =>
  async (request: FastifyRequest): Promise<void> => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxBytes) throw badRequest(errMsg);
  };

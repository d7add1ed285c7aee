import type { FastifyRequest } from 'fastify';
// pino comes with Fastify (its logger); only its option types are used here.
import type { LoggerOptions } from 'pino';

/** Where log lines go (pino's destination shape). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Nothing secret reaches the JSON log (issue 21, item 8): not a session token or a media URL
 * signature in a request URL, not an Authorization or Cookie header, not a password in any object
 * a handler logs. Applied to the request serializer, to every logged object (at any depth), and
 * to message strings.
 */
export const REDACTED = '[redacted]';

/** Keys whose value is a secret wherever they appear: query parameters, headers, object fields. */
const SECRET_KEY = /pass(word)?|pwd|token|secret|^sig$|signature|authorization|cookie/i;

/** `?token=…`, `&sig=…`, `password=…` inside any URL or text. */
const SECRET_PARAM = /([?&;](?:[\w.-]*(?:pass(?:word)?|pwd|token|secret)[\w.-]*|sig|signature)=)[^&#\s"']*/gi;

export function redactText(text: string): string {
  return text.replace(SECRET_PARAM, `$1${REDACTED}`);
}

const MAX_DEPTH = 8;

/** A copy of a logged value with secret fields and URL parameters replaced (plain objects and arrays only). */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  // Deeper than any object we log on purpose: cut rather than write it unchecked.
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  // Errors, buffers and the like have their own serializers; walk only what a handler wrote.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : redactValue(v, depth + 1)]));
}

/** Fastify's request serializer, with the URL's secret parameters redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactText(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

export function loggerOptions(level: string, stream?: LogStream): LoggerOptions & { stream?: LogStream } {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: serializeRequest as never },
    formatters: { log: (object) => redactValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? redactText(a) : a)) as Parameters<typeof method>);
      },
    },
  };
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, ResultCode, type Envelope } from './envelope';
import { describeValidationError } from './validation-messages';

/**
 * Maps every failure to the envelope. Validation failures name the field in Chinese; anything
 * unexpected is logged with its request id and answered with a generic message (no internals leak).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: Envelope<unknown>;
    if (error instanceof ApiError) {
      body = { resultCode: error.resultCode, errMsg: error.errMsg, data: error.data };
    } else if (error.validation) {
      body = { resultCode: ResultCode.badRequest, errMsg: describeValidationError(error), data: null };
    } else if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      body = { resultCode: ResultCode.badRequest, errMsg: '上传内容过大', data: null };
    } else if (error.statusCode === 429) {
      body = { resultCode: ResultCode.tooMany, errMsg: '请求过于频繁，请稍后再试', data: null };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and similar client mistakes.
      body = { resultCode: ResultCode.badRequest, errMsg: '请求格式错误', data: null };
    } else {
      request.log.error({ err: error, reqId: request.id }, 'unhandled error');
      body = { resultCode: ResultCode.serverError, errMsg: `服务器内部错误（请求编号 ${request.id}）`, data: null };
    }
    void reply.status(200).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    // A page address without its hash (/personal/myStudy typed, pasted or opened from an old
    // link) is the app's route: the browser is sent to it (/#/personal/myStudy), not shown JSON.
    const url = request.raw.url ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && /\btext\/html\b/.test(request.headers.accept ?? '')) {
      void reply.redirect(`/#${url}`, 302);
      return;
    }
    void reply.status(404).send({ resultCode: ResultCode.notFound, errMsg: '接口不存在', data: null });
  });
}

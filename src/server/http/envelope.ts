/**
 * Every API answer is `{ resultCode, errMsg, data }` with HTTP 200 (DESIGN §4), so the client
 * always reads the body. Downloads and media are plain HTTP and do not use this.
 */
export interface Envelope<T> {
  resultCode: number;
  errMsg: string;
  data: T;
}

export const ResultCode = {
  ok: 200,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  locked: 423,
  tooMany: 429,
  serverError: 500,
  sessionExpired: 40101,
} as const;

export function ok<T>(data: T): Envelope<T> {
  return { resultCode: ResultCode.ok, errMsg: '', data };
}

/**
 * The serialised envelope of a success whose `data` is already JSON text: for hot routes that
 * keep their content serialised (send it with an application/json content type).
 */
export function okJson(dataJson: string): string {
  return `{"resultCode":${ResultCode.ok},"errMsg":"","data":${dataJson}}`;
}

/** Thrown anywhere in a handler; the error handler turns it into an envelope. */
export class ApiError extends Error {
  constructor(
    readonly resultCode: number,
    readonly errMsg: string,
    readonly data: unknown = null,
  ) {
    super(errMsg);
    this.name = 'ApiError';
  }
}

export const badRequest = (msg: string) => new ApiError(ResultCode.badRequest, msg);
export const forbidden = (msg: string) => new ApiError(ResultCode.forbidden, msg);
export const notFound = (msg = '记录不存在') => new ApiError(ResultCode.notFound, msg);
export const sessionExpired = () => new ApiError(ResultCode.sessionExpired, '登录已过期，请重新登录');

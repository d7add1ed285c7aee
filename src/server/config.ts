import { resolve } from 'node:path';
import type { S3Options } from './lib/s3-storage';

/** Everything the server reads from the environment, in one place (documented in README). */
export interface AppConfig {
  host: string;
  port: number;
  /** PGlite data folder, used when no DATABASE_URL is given. */
  dataDir: string;
  databaseUrl?: string;
  /** Built SPA to serve; null disables static serving (API-only tests). */
  clientDir: string | null;
  /** Local folder behind the file storage interface (and the source of `npm run storage -- migrate`). */
  storageDir: string;
  /** S3_BUCKET set: file bytes live in that S3-compatible bucket instead of storageDir. */
  s3?: S3Options;
  logLevel: string;
  /** `demo` seeds demo content into an empty database; `none` leaves it empty. */
  seed: 'demo' | 'none';
  /** The teacher admin site, opened in a new tab from the header. */
  teacherSiteUrl: string;
  /** The external online exam site linked from the header. */
  examSiteUrl: string;
  /** Session lifetime in milliseconds. */
  sessionTtlMs: number;
  /** Login attempts allowed per client address and window (counted in the database). */
  loginRateLimitMax: number;
  loginRateLimitWindowMs: number;
  /** HEADERS_TIMEOUT_MS: a client must have sent its request headers within this (slow-header clients). */
  headersTimeoutMs: number;
  /** REQUEST_TIMEOUT_MS: a whole request, body included (a 20 MB upload at ~1.4 Mbit/s fits the default). */
  requestTimeoutMs: number;
  /**
   * Which peers may set X-Forwarded-For (Fastify trustProxy). The default trusts only loopback and
   * private-network peers (a load balancer); a client on the internet cannot pick its own address
   * and so cannot dodge the login rate limit by inventing one.
   */
  trustProxy: boolean | string;
  /** PostgreSQL schema to work in (search_path); unset uses the server's default (public). */
  databaseSchema?: string;
  /** PostgreSQL connections per server process. */
  databasePoolSize: number;
  /** DATABASE_PREPARED_STATEMENTS=off sends every query unnamed (for poolers that cannot keep them). */
  databasePreparedStatements: boolean;
  /** SESSION_CACHE_TTL_MS: how long a process may trust a looked-up session (0: always ask the database). */
  sessionCacheTtlMs: number;
  /** CONTENT_CACHE_TTL_MS: how long a process may reuse platform content it read (0: never cache). */
  contentCacheTtlMs: number;
  /** STUDENT_CACHE_TTL_MS: how long a process may reuse a student's enrolments and unread poll it read (0: never cache). */
  studentCacheTtlMs: number;
  /** UPLOAD_QUOTA_MB: bytes of uploads a student may keep in storage. */
  uploadQuotaBytes: number;
  /** UPLOAD_CONCURRENCY: uploads one student may have in progress at once (across instances). */
  uploadConcurrency: number;
  /** MEDIA_URL_TTL_S: lifetime of a signed file URL (a download link, a mind-map image), in ms. */
  mediaUrlTtlMs: number;
  /** REDIS_URL: live co-editing fans out between processes through Redis pub/sub; unset, within this process only. */
  redisUrl?: string;
  /** LIVE_BUS_PREFIX: prefix of the Redis channels (one per deployment sharing a Redis). */
  liveBusPrefix: string;
  /** LIVE_PING_MS: how often a live socket is pinged (closed after two unanswered). */
  livePingMs: number;
}

/** DATABASE_SCHEMA must be a plain identifier: it goes into the connection's search_path. */
function schemaOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value)) throw new Error(`DATABASE_SCHEMA must be a lower-case identifier, got ${value}`);
  return value;
}

/** TRUST_PROXY: `true`/`false`, or comma-separated addresses/CIDRs/`loopback,linklocal,uniquelocal`. */
function trustProxyOf(value: string | undefined): boolean | string {
  if (value === undefined || value === '') return 'loopback,linklocal,uniquelocal';
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

/**
 * S3_BUCKET chooses the object store; S3_ENDPOINT (an S3-compatible server, path-style unless
 * S3_FORCE_PATH_STYLE=false), S3_REGION, and S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY or the SDK's
 * own AWS_* chain. The keys stay in the config object only: nothing logs it.
 */
function s3Of(env: NodeJS.ProcessEnv): S3Options | undefined {
  if (!env.S3_BUCKET) return undefined;
  const endpoint = env.S3_ENDPOINT || undefined;
  const id = env.S3_ACCESS_KEY_ID;
  const secret = env.S3_SECRET_ACCESS_KEY;
  if (!id !== !secret) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    endpoint,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : endpoint !== undefined,
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = process.cwd();
  const dataDir = resolve(root, env.DATA_DIR ?? 'data');
  return {
    host: env.HOST ?? '0.0.0.0',
    port: Number(env.PORT ?? 8080),
    dataDir: resolve(dataDir, 'pglite'),
    databaseUrl: env.DATABASE_URL || undefined,
    clientDir: env.CLIENT_DIR === '' ? null : resolve(root, env.CLIENT_DIR ?? 'dist/client'),
    storageDir: resolve(env.STORAGE_DIR ?? resolve(dataDir, 'files')),
    s3: s3Of(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    seed: env.SEED === 'none' ? 'none' : 'demo',
    teacherSiteUrl: env.TEACHER_SITE_URL ?? 'https://teacher.xuetu.example.cn/',
    examSiteUrl: env.EXAM_SITE_URL ?? 'https://exam.xuetu.example.cn/',
    sessionTtlMs: Number(env.SESSION_TTL_MS ?? 7 * 24 * 3600 * 1000),
    loginRateLimitMax: Number(env.LOGIN_RATE_LIMIT ?? 20),
    loginRateLimitWindowMs: 60 * 1000,
    headersTimeoutMs: Number(env.HEADERS_TIMEOUT_MS ?? 20_000),
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 120_000),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    databaseSchema: schemaOf(env.DATABASE_SCHEMA),
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 20),
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS !== 'off',
    sessionCacheTtlMs: Number(env.SESSION_CACHE_TTL_MS ?? 60_000),
    contentCacheTtlMs: Number(env.CONTENT_CACHE_TTL_MS ?? 300_000),
    studentCacheTtlMs: Number(env.STUDENT_CACHE_TTL_MS ?? 300_000),
    uploadQuotaBytes: Number(env.UPLOAD_QUOTA_MB ?? 200) * 1024 * 1024,
    uploadConcurrency: Number(env.UPLOAD_CONCURRENCY ?? 2),
    mediaUrlTtlMs: Number(env.MEDIA_URL_TTL_S ?? 900) * 1000,
    redisUrl: env.REDIS_URL || undefined,
    liveBusPrefix: env.LIVE_BUS_PREFIX ?? 'xuetu:',
    livePingMs: Number(env.LIVE_PING_MS ?? 15_000),
  };
}

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import type { AppConfig } from './config';
import type { DatabaseHandle, Db } from './db/database';
import { localStorage, type FileStorage } from './lib/storage';
import { s3Storage } from './lib/s3-storage';
import { SessionCache } from './modules/auth/session-cache';
import { ContentCache } from './lib/content-cache';
import { StudentCache } from './lib/student-cache';
import { installBodyDrain } from './http/unread-body';
import { installErrorHandler } from './http/error-handler';
import { installSecurityHeaders } from './http/security-headers';
import { installInputGuard } from './http/input-guard';
import { installWritePolicy } from './http/write-policy';
import { loggerOptions, type LogStream } from './http/log-redaction';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { healthRoutes } from './modules/health/routes';
import { authRoutes } from './modules/auth/routes';
import { customerRoutes } from './modules/customer/routes';
import { baseRoutes } from './modules/base/routes';
import { messageRoutes } from './modules/messages/routes';
import { fileRoutes } from './modules/files/routes';
import { caseRoutes } from './modules/cases/routes';
import { courseRoutes } from './modules/courses/routes';
import { mindmapRoutes } from './modules/mindmaps/routes';
import { myMapsRoutes } from './modules/mymaps/routes';
import { studyRoutes } from './modules/study/routes';
import { examRoutes } from './modules/exams/routes';
import { taskRoutes } from './modules/tasks/routes';
import { tutorRoutes } from './modules/tutors/routes';
import { helpRoutes } from './modules/help/routes';
import { coverRoutes } from './modules/covers/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { reviewRoutes } from './modules/review/routes';
import { MapHeads } from './modules/mindmaps/head-cache';
import fastifyWebsocket from '@fastify/websocket';
import { sharingRoutes } from './modules/sharing/routes';
import { liveRoutes, liveSocketOptions } from './modules/live/routes';
import { LiveHub } from './modules/live/hub';
import { memoryBus } from './modules/live/bus';
import { redisBus } from './modules/live/redis-bus';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    dbKind: DatabaseHandle['kind'];
    storage: FileStorage;
    sessionCache: SessionCache;
    contentCache: ContentCache;
    studentCache: StudentCache;
    /** Heads of the maps being edited (modules/mindmaps/head-cache.ts). */
    mapHeads: MapHeads;
    /** The live co-editing rooms and their bus (modules/live/hub.ts). */
    live: LiveHub;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An opened (and migrated) database; the app closes it when it closes. */
  database: DatabaseHandle;
  logger?: boolean;
  /** Sees every route as it is registered (tests build their route tables from what the app really serves). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the JSON log goes (stdout when absent); tests read what is logged. */
  logStream?: LogStream;
}

/** The one app factory, used by `npm start` and by every server test (through inject). */
export async function buildApp({ config, database, logger = true, onRoute, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const options: FastifyHttpOptions<Server> = {
    // Tokens, signatures and passwords are redacted from every line (http/log-redaction.ts).
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    genReqId: () => randomUUID(),
    bodyLimit: 2 * 1024 * 1024,
    // Clients that send slowly (slowloris) would otherwise hold a connection as long as they like:
    // Fastify turns Node's request timeout off. Node answers 408 and closes such a connection;
    // it looks for them every connectionsCheckingInterval (30 s by default, far over the limit).
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: Math.min(5000, Math.max(250, Math.floor(config.headersTimeoutMs / 4))) },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Unknown fields are stripped everywhere (DESIGN §4); query strings coerce to the declared types.
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true, allErrors: false } },
  };
  const app = Fastify(options);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('storage', config.s3 ? s3Storage(config.s3) : localStorage(config.storageDir));
  // Sessions, platform content and students' enrolments are cached per process while the
  // database's NOTIFYs about them can be heard (triggers on their tables; see the caches).
  const sessionCache = new SessionCache({ ttlMs: config.sessionCacheTtlMs });
  const contentCache = new ContentCache({ ttlMs: config.contentCacheTtlMs });
  app.decorate('sessionCache', sessionCache);
  app.decorate('contentCache', contentCache);
  const studentCache = new StudentCache({ ttlMs: config.studentCacheTtlMs });
  app.decorate('studentCache', studentCache);
  app.decorate('mapHeads', new MapHeads());
  // Live co-editing fans out through Redis when REDIS_URL is set, else within this process.
  const live = new LiveHub(database.db, config.redisUrl ? await redisBus(config.redisUrl) : memoryBus(), config.liveBusPrefix);
  app.decorate('live', live);
  const listeners = [
    await database.listen('xuetu_sessions', { onMessage: (tokenHash) => sessionCache.forget(tokenHash), onLive: (live) => sessionCache.setLive(live) }),
    await database.listen('xuetu_content', { onMessage: (table) => contentCache.invalidate(table), onLive: (live) => contentCache.setLive(live) }),
    await database.listen('xuetu_students', { onMessage: (studentId) => studentCache.forget(studentId), onLive: (live) => studentCache.setLive(live) }),
  ];
  // sockets first: their clients reconnect to another process while this one closes
  app.addHook('preClose', () => live.close());
  app.addHook('onClose', async () => {
    for (const listener of listeners) await listener.close();
    await database.close();
  });

  app.decorateRequest('auth', null);

  installErrorHandler(app);
  installSecurityHeaders(app);
  installInputGuard(app);
  // A refusal answered before its body was read reaches the client as the envelope, not as a reset.
  installBodyDrain(app);
  // Before any route: every write route declares who may write (experience account, application).
  installWritePolicy(app);
  if (onRoute) app.addHook('onRoute', onRoute);
  // Opt-in per route (login); counts live in the database so limits hold across instances.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  await app.register(fastifyWebsocket, { options: liveSocketOptions });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(customerRoutes);
  await app.register(baseRoutes);
  await app.register(messageRoutes);
  await app.register(fileRoutes);
  await app.register(caseRoutes);
  await app.register(courseRoutes);
  await app.register(mindmapRoutes);
  await app.register(myMapsRoutes);
  await app.register(studyRoutes);
  await app.register(examRoutes);
  await app.register(taskRoutes);
  await app.register(tutorRoutes);
  await app.register(helpRoutes);
  await app.register(coverRoutes);
  await app.register(catalogueRoutes);
  await app.register(reviewRoutes);
  await app.register(sharingRoutes);
  await app.register(liveRoutes);

  const clientDir = config.clientDir;
  if (clientDir && existsSync(join(clientDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // Vite names every file under assets/ by its content's hash: a browser keeps it for good and
      // asks again for nothing on the next page (each chunk was revalidated on every visit).
      // index.html, which names the current hashes, is always checked.
      setHeaders: (reply, path) => {
        if (relative(clientDir, path).startsWith(`assets${sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }
  return app;
}

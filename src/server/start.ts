import { sql } from 'kysely';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ensureClientBuilt } from './client-build';
import { buildApp } from './app';
import { seedIfEmpty } from './seed/seed';
import { DEMO_PASSWORD, demoAccounts } from './seed/demo-accounts';

// `npm start`: build the SPA if missing or stale, migrate, seed an empty database, serve.
const config = loadConfig();
if (config.clientDir) await ensureClientBuilt(config.clientDir);

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  searchPath: config.databaseSchema,
  poolSize: config.databasePoolSize,
  preparedStatements: config.databasePreparedStatements,
});
if (config.databaseUrl && config.databaseSchema) await sql`create schema if not exists ${sql.id(config.databaseSchema)}`.execute(database.db);
await migrateToLatest(database.db);
const seeded = config.seed === 'demo' ? await seedIfEmpty(database.db) : false;

const app = await buildApp({ config, database });
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Closing the app closes the database, which flushes PGlite to its data folder.
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.host, port: config.port });
const shownHost = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
const lines = [
  '',
  `学图 Xuetu 已启动：http://${shownHost}:${config.port}/`,
  `数据库：${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.dataDir}`}${seeded ? '（已写入演示数据）' : ''}`,
];
if (config.seed === 'demo') {
  lines.push(`演示账号（密码均为 ${DEMO_PASSWORD}）：`);
  for (const a of demoAccounts) lines.push(`  ${a.loginName}  ${a.username}  ${a.note}`);
}
console.log(lines.join('\n') + '\n');

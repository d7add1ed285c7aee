import { rmSync } from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedDemo, seedIfEmpty } from './seed';

// `npm run seed` seeds an empty database; `npm run seed -- --reset` wipes the local one first.
const config = loadConfig();
const reset = process.argv.includes('--reset');
if (reset) {
  if (config.databaseUrl) {
    const handle = await openDatabase({ databaseUrl: config.databaseUrl });
    await handle.db.schema.dropSchema('public').ifExists().cascade().execute();
    await handle.db.schema.createSchema('public').execute();
    await handle.close();
  } else {
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(handle.db);
const seeded = reset ? (await seedDemo(handle.db), true) : await seedIfEmpty(handle.db);
console.log(seeded ? '演示数据已写入。' : '数据库已有数据，未写入演示数据（使用 --reset 重置）。');
await handle.close();

import { loadConfig } from './config';
import { s3Storage } from './lib/s3-storage';
import { migrateStorage } from './lib/storage-migrate';

// `npm run storage -- migrate`: copies the local storage folder (STORAGE_DIR, or DATA_DIR/files)
// into the S3 bucket that the S3_* variables name, verifying each file's size. Exits 1 on any failure.
const [command] = process.argv.slice(2);
if (command !== 'migrate') {
  console.error('用法：npm run storage -- migrate（需设置 S3_BUCKET 等变量，见 src/server/README.md）');
  process.exit(2);
}
const config = loadConfig();
if (!config.s3) {
  console.error('未设置 S3_BUCKET：没有可迁移到的对象存储。');
  process.exit(2);
}
console.log(`迁移 ${config.storageDir} → s3://${config.s3.bucket}${config.s3.endpoint ? ` (${config.s3.endpoint})` : ''}`);
const report = await migrateStorage(config.storageDir, s3Storage(config.s3), (key, what) => console.log(`${what}\t${key}`));
console.log(`已复制 ${report.copied.length} 个，已存在 ${report.present.length} 个，失败 ${report.failed.length} 个。`);
process.exit(report.failed.length ? 1 : 0);

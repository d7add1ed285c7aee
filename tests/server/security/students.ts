import type { TestApp } from '../test-app';
import { hashPassword } from '../../../src/server/lib/password';
import { login } from '../helpers';

export const B_PASSWORD = 'Attacker2026';

/** Adds a fresh student (an attacker with no data of their own) and logs them in. */
export async function addStudent(t: Pick<TestApp, 'app' | 'database'>, id: string, loginName: string, password = B_PASSWORD): Promise<string> {
  await t.database.db
    .insertInto('students')
    .values({ id, login_name: loginName, password_hash: await hashPassword(password), username: `学生${id}`, phone: loginName })
    .execute();
  return login(t.app, loginName, password);
}

/** One multipart/form-data body with a single `file` part, as a browser sends it. */
export function multipart(fileName: string, content: Buffer | string, type = 'application/octet-stream') {
  const boundary = '----xuetu' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

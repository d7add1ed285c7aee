import { request as httpRequest } from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type RunningNginx } from '../../scripts/nginx';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { NORMAL } from './helpers';
import { connectLive } from './live-client';
import { startTestS3, type TestS3 } from './s3-server';
import { freePort, freshSchema, spawnServer, type SpawnedServer } from './spawn-server';

/**
 * README "Running on several machines", for real: two server processes on one PostgreSQL schema
 * and one S3 bucket (s3rver), behind nginx round-robin (scripts/nginx.ts). A student walks through
 * login, a video heartbeat, an upload served by one process and downloaded from the other, an exam
 * and a map save; one process is SIGKILLed with an upload in flight on it, and the student goes on
 * on the other with every acknowledged write there and the lost one applied nowhere.
 */
const databaseUrl = process.env.DATABASE_URL;
// Both server projects see DATABASE_URL when it is set; one cluster run is enough (server-pg's).
const skipReason = !databaseUrl
  ? 'needs PostgreSQL (PGlite serves one process): set DATABASE_URL'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the server-pg project'
    : null;
if (skipReason) console.log(`cluster.test.ts skipped: ${skipReason}`);

type Envelope = { resultCode: number; errMsg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.skipIf(skipReason !== null)('two processes behind nginx, one PostgreSQL, one S3 bucket', () => {
  const servers: SpawnedServer[] = [];
  const dataDirs: string[] = [];
  let nginx: RunningNginx;
  let s3: TestS3;
  let schema: { schema: string; drop(): Promise<void> } | undefined;
  let nginxDir = '';

  beforeAll(async () => {
    s3 = await startTestS3();
    schema = await freshSchema(databaseUrl!, 'cluster');
    for (let i = 0; i < 2; i++) {
      // Each "machine" has its own (unused) local folder: every file must go through the bucket.
      const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-cluster-'));
      dataDirs.push(dataDir);
      // One after the other: the first migrates and seeds.
      servers.push(await spawnServer({ ...s3.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema.schema, DATA_DIR: dataDir, LOG_LEVEL: 'info' }));
    }
    nginxDir = mkdtempSync(join(tmpdir(), 'xuetu-nginx-'));
    nginx = await startNginx({
      dir: nginxDir,
      listen: { host: '127.0.0.1', port: await freePort() },
      upstreams: servers.map((s) => new URL(s.url).host),
      workers: 1,
      revealUpstream: true,
    });
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const s of servers) await s.stop('SIGKILL');
    await schema?.drop();
    await s3?.close();
    for (const d of [...dataDirs, nginxDir]) if (d) rmSync(d, { recursive: true, force: true });
  });

  /** One request through nginx: the envelope (or body) and which process answered. */
  async function viaNginx(method: string, path: string, init: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {}) {
    const res = await fetch(`${nginx.url}${path}`, {
      method,
      headers: {
        ...(init.token ? { authorization: init.token } : {}),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.json === undefined ? init.body && new Uint8Array(init.body) : JSON.stringify(init.json),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const upstream = res.headers.get('x-upstream') ?? '';
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, upstream, bytes, headers: res.headers, env: (type.includes('json') ? JSON.parse(bytes.toString()) : null) as Envelope };
  }
  const api = async (method: string, path: string, token?: string, json?: unknown) => {
    const r = await viaNginx(method, path, { token, json });
    expect(r.env?.resultCode, `${method} ${path} → ${r.status} ${r.bytes.toString().slice(0, 200)}`).toBe(200);
    return r;
  };

  const boundary = '----xuetu-cluster';
  const multipart = (name: string, content: Buffer) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const upload = (token: string, name: string, content: Buffer) =>
    viaNginx('POST', '/api/folder/file/upload', {
      token,
      body: multipart(name, content),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });

  it('opens the live map socket through nginx: the WebSocket upgrade is passed on (it was answered 404, and pages fell back to polling)', async () => {
    const login = await api('POST', '/api/authcust/login/token', undefined, { loginName: NORMAL, password: DEMO_PASSWORD });
    const live = await connectLive(nginx.url, login.env.data.token as string, { mapId: 'case-01', ownerId: 'stu-0001', since: 0 });
    try {
      expect((await live.next('welcome')).role).toBe('owner');
    } finally {
      live.ws.close();
    }
  });

  it(
    'walks a student through login, video, upload and download on different processes, exam and map save; survives a SIGKILL of one',
    { timeout: 240_000 },
    async () => {
      const login = await api('POST', '/api/authcust/login/token', undefined, { loginName: NORMAL, password: DEMO_PASSWORD });
      const token = login.env.data.token as string;

      // A video heartbeat.
      const beat = { courseId: 'course-01', nodeId: 'course-01-c1-s2', position: 30, watched: 0 };
      await api('POST', '/api/course/userModelRecord/saveUserRecord', token, beat);

      // An upload stored by one process, its download (whole and by range) served by the other.
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 0x41)]);
      const up = await upload(token, '报告.pdf', pdf);
      expect(up.env.resultCode).toBe(200);
      const uid = up.env.data.uid as string;
      let signed = await api('GET', `/api/folder/resource/file/signedUrl?uid=${uid}`, token);
      // round-robin: the next request goes to the other process; make sure of it
      while (signed.upstream === up.upstream) signed = await api('GET', `/api/folder/resource/file/signedUrl?uid=${uid}`, token);
      let download = await viaNginx('GET', signed.env.data.downloadUrl);
      while (download.upstream === up.upstream) download = await viaNginx('GET', signed.env.data.downloadUrl);
      expect(download.status).toBe(200);
      expect(download.bytes.equals(pdf)).toBe(true);
      const ranged = await viaNginx('GET', signed.env.data.downloadUrl, { headers: { range: 'bytes=100000-100009' } });
      expect([ranged.status, ranged.headers.get('content-range'), ranged.bytes.equals(pdf.subarray(100000, 100010))]).toEqual([
        206,
        `bytes 100000-100009/${pdf.length}`,
        true,
      ]);
      // every byte went to the bucket, none to either machine's local folder
      for (const d of dataDirs) expect(readdirSync(d).filter((f) => f === 'files')).toEqual([]);

      // An exam started, a map saved.
      await api('POST', '/api/course/caseApply/saveApply', token, { caseId: 'case-02' });
      const shown = await api('GET', '/api/course/mindStudent/showMind?caseId=case-02', token);
      const nodeId = shown.env.data.document.root.children[0].children[0].data.id as string;
      const exam = (await api('GET', `/api/course/nodeTestUser/getExamByNodeId?caseId=case-02&nodeId=${nodeId}`, token)).env.data;
      const doc = structuredClone(shown.env.data.document);
      doc.root.data.note = '集群：第一次保存';
      const saved = await api('POST', '/api/course/mindStudent/saveStuMind', token, { caseId: 'case-02', version: shown.env.data.version ?? 0, document: doc });
      const version = saved.env.data.version as number;

      // An upload in flight when its process is SIGKILLed: whichever process logs it dies.
      const inflight = startSlowUpload(token);
      let victim: SpawnedServer | undefined;
      while (!victim) {
        victim = servers.find((s) => s.output().includes('walk=inflight'));
        await new Promise((r) => setTimeout(r, 20));
      }
      await victim.stop('SIGKILL');
      const lost = await inflight;
      // never acknowledged: nginx does not pass a POST it had begun sending on to the other process
      expect(lost.resultCode).not.toBe(200);
      const survivor = servers.find((s) => s !== victim)!;
      const survivorHost = new URL(survivor.url).host;

      // The student goes on, on the survivor: the session, every acknowledged write and the file are there.
      const location = await api('GET', '/api/course/userModelRecord/selectLearnLocation?courseId=course-01', token);
      expect(location.upstream).toBe(survivorHost);
      expect(location.env.data.position).toBe(30);
      const again = await api('GET', '/api/course/mindStudent/showMind?caseId=case-02', token);
      expect([again.env.data.version, again.env.data.document.root.data.note]).toEqual([version, '集群：第一次保存']);
      const redownload = await viaNginx('GET', (await api('GET', `/api/folder/resource/file/signedUrl?uid=${uid}`, token)).env.data.downloadUrl);
      expect(redownload.bytes.equals(pdf)).toBe(true);
      await api('POST', '/api/course/userModelRecord/saveUserRecord', token, { ...beat, position: 60 });
      const submitted = await api('POST', '/api/course/nodeTestUser/submitExam', token, {
        examId: exam.examId,
        answers: exam.questions.map((q: { questionId: string }) => ({ questionId: q.questionId, answer: 'A' })),
      });
      expect(submitted.upstream).toBe(survivorHost);
      doc.root.data.note = '集群：第二次保存';
      expect((await api('POST', '/api/course/mindStudent/saveStuMind', token, { caseId: 'case-02', version, document: doc })).env.data.version).toBe(
        version + 1,
      );
      // The lost upload, sent again, is stored once.
      const retried = await upload(token, '进行中.pdf', pdf);
      expect(retried.env.resultCode).toBe(200);

      const db = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema!.schema}` });
      await db.connect();
      try {
        const files = await db.query(`select file_name from files where owner_id = 'stu-0001' order by created_at`);
        expect(files.rows.map((r) => r.file_name)).toEqual(['报告.pdf', '进行中.pdf']);
        const attempts = await db.query(`select count(*)::int as n from exam_attempts where student_id = 'stu-0001' and exam_id = $1`, [exam.examId]);
        expect(attempts.rows[0].n).toBe(1);
      } finally {
        await db.end();
      }
      expect(s3.pendingUploads()).toEqual([]);
    },
  );

  /** A multipart upload whose body stops half-way and waits (until its process is killed). */
  function startSlowUpload(token: string): Promise<{ resultCode: number }> {
    return new Promise((resolve) => {
      const req = httpRequest(`${nginx.url}/api/folder/file/upload?walk=inflight`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ resultCode: res.statusCode === 200 ? (JSON.parse(body) as Envelope).resultCode : -res.statusCode! }));
      });
      req.on('error', () => resolve({ resultCode: -1 }));
      req.write(multipart('进行中.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200_000, 0x42)])).subarray(0, 150_000));
    });
  }
});

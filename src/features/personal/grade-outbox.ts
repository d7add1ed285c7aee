import type { Envelope } from '../../app/http/client';
import { RESULT_OK, SESSION_EXPIRED } from '../../app/http/client';
import type { GradeBody, GradeResult } from './review-api';

// Grades given while offline (or while the request is on its way) are kept here first, in
// IndexedDB, and sent oldest first once the network is back. The server applies a grade id once,
// so sending one twice (a tab closed mid-request, two tabs flushing) is harmless.

export interface PendingGrade {
  studentId: string;
  body: Omit<GradeBody, 'secondsAgo'>;
  /** when the grade was given (epoch ms): the server schedules from then */
  givenAt: number;
}

export interface GradeOutbox {
  all(): Promise<PendingGrade[]>;
  put(g: PendingGrade): Promise<void>;
  delete(gradeId: string): Promise<boolean>;
}

/** The server accepts a grade up to 30 days old (GradeBody.secondsAgo). */
const MAX_SECONDS_AGO = 30 * 86400;

export const secondsAgo = (givenAt: number, now: number) => Math.min(MAX_SECONDS_AGO, Math.max(0, Math.floor((now - givenAt) / 1000)));

export interface FlushResult {
  sent: GradeResult[];
  /** grades the server refused (card retired meanwhile, …): dropped, with its message */
  refused: { gradeId: string; errMsg: string }[];
  /** still offline: what is left stays queued */
  offline: boolean;
  left: number;
}

/**
 * Sends the student's queued grades oldest first. A transport failure stops the run (still
 * offline) and keeps the rest; an answer removes the grade, accepted or refused, except an
 * expired session (40101), whose grades wait for the next login.
 */
export async function flushGrades(
  outbox: GradeOutbox,
  studentId: string,
  send: (body: GradeBody) => Promise<Envelope<GradeResult>>,
  now: () => number = Date.now,
): Promise<FlushResult> {
  const mine = (await outbox.all()).filter((g) => g.studentId === studentId).sort((a, b) => a.givenAt - b.givenAt);
  const out: FlushResult = { sent: [], refused: [], offline: false, left: 0 };
  for (let i = 0; i < mine.length; i++) {
    const g = mine[i];
    let res: Envelope<GradeResult>;
    try {
      res = await send({ ...g.body, secondsAgo: secondsAgo(g.givenAt, now()) });
    } catch {
      return { ...out, offline: true, left: mine.length - i };
    }
    if (res.resultCode === SESSION_EXPIRED) return { ...out, left: mine.length - i };
    await outbox.delete(g.body.gradeId);
    if (res.resultCode === RESULT_OK) out.sent.push(res.data);
    else out.refused.push({ gradeId: g.body.gradeId, errMsg: res.errMsg });
  }
  return out;
}

/** One flush at a time per page: a second call waits for the running one and then runs. */
export function serialised<A extends unknown[], R>(run: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  let last: Promise<unknown> = Promise.resolve();
  return (...args: A) => {
    const next = last.then(
      () => run(...args),
      () => run(...args),
    );
    last = next.catch(() => undefined);
    return next;
  };
}

export function memoryOutbox(): GradeOutbox {
  const items = new Map<string, PendingGrade>();
  return {
    all: async () => [...items.values()],
    put: async (g) => void items.set(g.body.gradeId, g),
    delete: async (id) => items.delete(id),
  };
}

const DB = 'xuetu-review';
const STORE = 'grades';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The outbox in IndexedDB (database xuetu-review, keyed by grade id). */
export function idbOutbox(factory: IDBFactory = indexedDB): GradeOutbox {
  let db: Promise<IDBDatabase> | null = null;
  const store = async (mode: IDBTransactionMode) => {
    db ??= new Promise((resolve, reject) => {
      const open = factory.open(DB, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    return (await db).transaction(STORE, mode).objectStore(STORE);
  };
  return {
    all: async () => request((await store('readonly')).getAll() as IDBRequest<PendingGrade[]>),
    put: async (g) => void (await request((await store('readwrite')).put(g, g.body.gradeId))),
    delete: async (id) => {
      const s = await store('readwrite');
      const had = (await request(s.count(id))) > 0;
      await request(s.delete(id));
      return had;
    },
  };
}

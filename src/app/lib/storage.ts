/**
 * The local and session storage keys of SPEC §3, in one place so no screen invents its own.
 * Values are JSON. Items written with a lifetime carry their expiry time and are dropped when read
 * after it (remember-me lasts 30 days, SPEC §9).
 */
export const STORAGE_KEYS = {
  /** localStorage: the session token. */
  token: 'token',
  /** sessionStorage: the signed-in user (dies with the tab, the token does not). */
  userMessage: 'userMessage',
  /** localStorage with expiry: remember-me. */
  rememberUsername: 'rememberUsername',
  rememberPassword: 'rememberPassword',
  rememberFlag: 'rememberFlag',
  yearList: 'yearList',
  dicts: 'dicts',
  classifyList: 'classifyList',
  tutorDetail: 'tutorDetail',
  /** localStorage: unsent tutor sign-up forms, by student and tutor (kept until submitted). */
  signUpDrafts: 'signUpDrafts',
  pageNum: 'pageNum',
  routeName: 'routeName',
  pdfPage: 'pdfPage',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Remember-me lifetime: 30 days. */
export const REMEMBER_ME_MS = 2_592_000_000;

interface Expiring<T> {
  value: T;
  expires: number;
}

function isExpiring(v: unknown): v is Expiring<unknown> {
  return typeof v === 'object' && v !== null && 'expires' in v && 'value' in v && typeof (v as Expiring<unknown>).expires === 'number';
}

function parse(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    // written by an older build as a bare string
    return raw;
  }
}

/** Writes a value; with `ttlMs` it disappears that long after `now`. */
export function setLocal<T>(key: StorageKey, value: T, ttlMs?: number, now = Date.now()): void {
  const stored = ttlMs === undefined ? value : ({ value, expires: now + ttlMs } satisfies Expiring<T>);
  try {
    localStorage.setItem(key, JSON.stringify(stored));
  } catch {
    // storage full or disabled (private mode): the app still works for this visit
  }
}

/** Reads a value, or null when missing or expired (an expired item is removed). */
export function getLocal<T>(key: StorageKey, now = Date.now()): T | null {
  const v = parse(safeGet(localStorage, key));
  if (isExpiring(v)) {
    if (v.expires <= now) {
      localStorage.removeItem(key);
      return null;
    }
    return v.value as T;
  }
  return v as T | null;
}

export function removeLocal(key: StorageKey): void {
  localStorage.removeItem(key);
}

export function setSession<T>(key: StorageKey, value: T): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // see setLocal
  }
}

export function getSession<T>(key: StorageKey): T | null {
  return parse(safeGet(sessionStorage, key)) as T | null;
}

export function removeSession(key: StorageKey): void {
  sessionStorage.removeItem(key);
}

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

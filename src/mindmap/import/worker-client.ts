import { decodeFile, expandZip, type Decoded, type ZipEntry } from '../engine/protocols/batch-decode';
import type { ImportCall } from './import.worker';

type Expanded = { ok: true; entries: ZipEntry[] } | { ok: false; reason: string };

/** The import worker's calls, awaited; `close` ends the worker. */
export interface ImportDecoder {
  decodeFile(name: string, bytes: Uint8Array): Promise<Decoded>;
  expandZip(bytes: Uint8Array): Promise<Expanded>;
  close(): void;
}

/** A worker for one batch; in-process where there is none (jsdom unit tests). */
export function startImportDecoder(): ImportDecoder {
  if (typeof Worker === 'undefined') {
    return { decodeFile: async (n, b) => decodeFile(n, b), expandZip: async (b) => expandZip(b), close: () => {} };
  }
  const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let next = 0;
  worker.onmessage = (e: MessageEvent<{ id: number; result: unknown }>) => {
    waiting.get(e.data.id)?.resolve(e.data.result);
    waiting.delete(e.data.id);
  };
  worker.onerror = () => {
    for (const w of waiting.values()) w.reject(new Error('读取文件时出错，请重试'));
    waiting.clear();
  };
  const call = <T>(req: ImportCall): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      // the file's bytes move to the worker (the page has no more use for them)
      worker.postMessage({ ...req, id }, [req.bytes.buffer as ArrayBuffer]);
    });
  return {
    decodeFile: (name, bytes) => call<Decoded>({ op: 'decode', name, bytes }),
    expandZip: (bytes) => call<Expanded>({ op: 'zip', bytes }),
    close: () => worker.terminate(),
  };
}

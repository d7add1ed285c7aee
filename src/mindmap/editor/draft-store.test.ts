import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { idbDraftStore, withSyncCopy, type Draft } from './draft-store';

// A draft write counts once IndexedDB has committed it. Its request succeeds earlier; a page that
// goes in between (the tab closing while a save runs) loses the write — and withSyncCopy had
// already dropped the synchronous copy kept as the page went, for the write that never landed.

/** `factory` with each transaction's commit recorded (in the order they were opened). */
function recording(factory: IDBFactory): { factory: IDBFactory; committed: boolean[] } {
  const committed: boolean[] = [];
  const open = (name: string, version?: number) => {
    const req = factory.open(name, version);
    req.addEventListener('success', () => {
      const db = req.result;
      const transaction = db.transaction.bind(db);
      db.transaction = ((...args: Parameters<IDBDatabase['transaction']>) => {
        const t = transaction(...args);
        const i = committed.push(false) - 1;
        t.addEventListener('complete', () => (committed[i] = true));
        return t;
      }) as IDBDatabase['transaction'];
    });
    return req;
  };
  return { factory: { open } as unknown as IDBFactory, committed };
}

const draft = (savedAt: number): Draft => ({ baseVersion: 1, sets: [], typed: [{ id: 'a', text: '标题' }], savedAt });

describe('the IndexedDB draft store', () => {
  it('a put and a delete resolve once their transaction has committed', async () => {
    const { factory, committed } = recording(indexedDB);
    const store = idbDraftStore(factory);
    await store.put('s1:case-01', draft(1));
    expect(committed).toEqual([true]);
    await store.delete('s1:case-01');
    expect(committed).toEqual([true, true]);
    expect(await store.get('s1:case-01')).toBeUndefined();
  });

  it('the synchronous copy kept as the page went is dropped only for a newer draft committed', async () => {
    const { factory, committed } = recording(indexedDB);
    const store = withSyncCopy(idbDraftStore(factory), localStorage);
    store.keepNow!('s1:case-02', draft(5));
    await store.put('s1:case-02', draft(6));
    expect(committed.every(Boolean)).toBe(true);
    expect((await store.get('s1:case-02'))?.savedAt).toBe(6);
    expect(localStorage.getItem('xuetu-mindmap-draft:s1:case-02')).toBeNull();
  });
});

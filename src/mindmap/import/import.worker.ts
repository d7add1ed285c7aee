import { decodeFile, expandZip } from '../engine/protocols/batch-decode';

// 批量导入's worker: files are opened and decoded here, off the page's thread (issue 33.2). One
// request at a time (worker-client.ts waits for each answer); what goes back is transferred.

export type ImportCall = { op: 'decode'; name: string; bytes: Uint8Array } | { op: 'zip'; bytes: Uint8Array };
export type ImportRequest = ImportCall & { id: number };

const scope = self as unknown as { onmessage: ((e: MessageEvent<ImportRequest>) => void) | null; postMessage(m: unknown, t: Transferable[]): void };

scope.onmessage = ({ data: req }) => {
  if (req.op === 'decode') {
    scope.postMessage({ id: req.id, result: decodeFile(req.name, req.bytes) }, []);
    return;
  }
  const result = expandZip(req.bytes);
  const buffers = result.ok ? result.entries.flatMap((e) => (e.bytes ? [e.bytes.buffer as ArrayBuffer] : [])) : [];
  scope.postMessage({ id: req.id, result }, buffers);
};

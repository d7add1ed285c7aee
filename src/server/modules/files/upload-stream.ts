import type { Readable } from 'node:stream';
import { SIGNATURE_BYTES, contentMatchesType } from './file-types';

/** Bytes held back for the type check: every signature sits at the start of the file. */
export const SNIFF_BYTES = SIGNATURE_BYTES;

export class UploadRefused extends Error {
  constructor(readonly errMsg: string) {
    super(errMsg);
  }
}

/**
 * An upload's bytes on their way to storage, counted and checked: the first SNIFF_BYTES are held
 * back until the magic-byte check has seen them (a mismatch fails before anything is written), and
 * the stream fails as soon as the size passes `maxBytes`. Memory per upload stays at one chunk plus
 * the head. `size` is the byte count once the iteration has ended.
 */
export function checkedUpload(source: Readable, ext: string, maxBytes: number) {
  const state = { size: 0 };
  async function* chunks(): AsyncGenerator<Buffer> {
    let head: Buffer[] | null = [];
    let headBytes = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      state.size += chunk.length;
      if (state.size > maxBytes) throw new UploadRefused('上传内容过大');
      if (!head) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= SNIFF_BYTES) {
        yield checkedHead(head, ext);
        head = null;
      }
    }
    if (state.size === 0) throw new UploadRefused('文件内容为空');
    if (head) yield checkedHead(head, ext);
  }
  return { chunks, state };
}

function checkedHead(parts: Buffer[], ext: string): Buffer {
  const head = Buffer.concat(parts);
  if (!contentMatchesType(ext, head)) throw new UploadRefused('文件内容与类型不符');
  return head;
}

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileIdOf } from './signed-url';

describe('fileIdOf', () => {
  const origin = 'http://127.0.0.1:8080';
  it('names the file of our plain file URLs only', () => {
    expect(fileIdOf('/api/folder/resource/file/vod/abc123', origin)).toBe('abc123');
    expect(fileIdOf('http://127.0.0.1:8080/api/folder/resource/file/vod/abc123', origin)).toBe('abc123');
    expect(fileIdOf('/api/folder/resource/file/download?uid=abc123', origin)).toBe('abc123');
    // already signed, another site, another path: left as they are
    expect(fileIdOf('/api/folder/resource/file/vod/abc123?u=s&exp=1&sig=x', origin)).toBeNull();
    expect(fileIdOf('/api/folder/resource/file/download?uid=abc123&u=s&exp=1&sig=x', origin)).toBeNull();
    expect(fileIdOf('https://cdn.example.com/api/folder/resource/file/vod/abc123', origin)).toBeNull();
    expect(fileIdOf('/\\\\evil.example/api/folder/resource/file/vod/abc123', origin)).toBeNull();
    expect(fileIdOf('/img/a.png', origin)).toBeNull();
    expect(fileIdOf('data:image/png;base64,AA', origin)).toBeNull();
  });
});

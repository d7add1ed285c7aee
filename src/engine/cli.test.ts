import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from './cli';

const dir = mkdtempSync(join(tmpdir(), 'map-cli-'));
const KM = '{"root":{"data":{"id":"r","text":"R"},"children":[{"data":{"id":"a","text":"A"},"children":[]}]},"template":"default","theme":"fresh-blue","version":"1.4.43"}';

describe('map CLI', () => {
  it('converts between formats by extension', () => {
    writeFileSync(join(dir, 'in.km'), KM);
    expect(main(['convert', join(dir, 'in.km'), join(dir, 'out.txt')])).toBe(0);
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('R\r\tA\r');
    expect(main(['convert', join(dir, 'out.txt'), join(dir, 'back.md')])).toBe(0);
    expect(readFileSync(join(dir, 'back.md'), 'utf8')).toBe('# R\n\n## A\n');
    expect(main(['convert', join(dir, 'in.km'), join(dir, 'out.svg')])).toBe(0);
    expect(readFileSync(join(dir, 'out.svg'), 'utf8')).toMatch(/^<svg /);
  });

  it('prints layout boxes as JSON', () => {
    writeFileSync(join(dir, 'in.km'), KM);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(main(['layout', join(dir, 'in.km'), '--template', 'structure'])).toBe(0);
    const json = JSON.parse(String(out.mock.calls[0][0]));
    out.mockRestore();
    expect(json.template).toBe('structure');
    expect(json.nodes).toHaveLength(2);
  });

  it('throws the engine message on invalid input (the entry point exits 1)', () => {
    writeFileSync(join(dir, 'bad.txt'), 'R1\nR2');
    expect(() => main(['convert', join(dir, 'bad.txt'), join(dir, 'x.km')])).toThrow('Invalid local format');
    expect(() => main(['layout', join(dir, 'in.km'), '--template', 'zz'])).toThrow('Missing Layout: zz');
    expect(() => main(['convert', join(dir, 'in.km'), join(dir, 'x.pdf')])).toThrow('Not supported protocol:pdf');
  });
});

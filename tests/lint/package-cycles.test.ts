import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, valueImports } from './import-graph';

// Issue 30 item 5: the map package (src/mindmap) has no import cycles — a module never loads one
// that, through others, loads it again (it would see it half-initialised). Type-only imports and
// dynamic import() do not count (they do not run at load).

const ROOT = resolve(import.meta.dirname, '../..');

describe('import cycles', () => {
  it('the map package has none', () => {
    const graph = importGraph(resolve(ROOT, 'src/mindmap'), ROOT);
    expect(graph.size).toBeGreaterThan(300);
    expect(cycles(graph)).toEqual([]);
  });

  it('a cycle is found and named (fixture: a → b → c → a)', () => {
    const dir = resolve(import.meta.dirname, 'fixtures/import-cycle');
    expect(cycles(importGraph(dir, dir))).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('type-only imports and dynamic imports are not load-time edges', () => {
    const text = [
      "import type { A } from './a';",
      "import { type B } from './b';",
      "import { c, type C } from './c';",
      "export type { D } from './d';",
      "export { e } from './e';",
      "const f = () => import('./f');",
      "import 'pixi.js';",
    ].join('\n');
    expect(valueImports('x.ts', text)).toEqual(['./c', './e']);
  });
});

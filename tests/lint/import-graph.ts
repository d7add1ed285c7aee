import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

// The import graph of a source folder, for the no-cycles check of the map package. Only imports
// that run when a module loads count: `import type` and type-only specifier lists are erased,
// and a dynamic `import()` loads later, so neither can make a module see another half-loaded.

export type Graph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

function resolveSpec(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.split('?')[0]!);
  for (const p of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (/\.tsx?$/.test(p) && existsSync(p) && statSync(p).isFile()) return p;
  return null;
}

/** The load-time imports of one module's source: relative specifiers of value imports and re-exports. */
export function valueImports(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const c = st.importClause;
      const typeOnly =
        c?.isTypeOnly ||
        (c &&
          !c.name &&
          c.namedBindings &&
          ts.isNamedImports(c.namedBindings) &&
          c.namedBindings.elements.length > 0 &&
          c.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const typeOnly = st.isTypeOnly || (st.exportClause && ts.isNamedExports(st.exportClause) && st.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(st.moduleSpecifier.text);
    }
  }
  return out.filter((s) => s.startsWith('.'));
}

/** Every module under `dir` (paths relative to `root`) with the modules under `dir` it loads. */
export function importGraph(dir: string, root = dir): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(dir)) {
    const deps = valueImports(file, readFileSync(file, 'utf8'))
      .map((s) => resolveSpec(file, s))
      .filter((p): p is string => !!p && !relative(dir, p).startsWith('..'));
    graph.set(
      relative(root, file),
      deps.map((p) => relative(root, p)),
    );
  }
  return graph;
}

/** The import cycles of a graph (one per strongly connected part, as a path that closes), none when it has none. */
export function cycles(graph: Graph): string[][] {
  // Tarjan's strongly connected components, iteratively deep enough for a few thousand modules.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(closedPath(graph, new Set(part), v));
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** A path from `start` back to itself inside one strongly connected part (breadth first: the shortest). */
function closedPath(graph: Graph, part: Set<string>, start: string): string[] {
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!part.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = prev.get(u)!) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

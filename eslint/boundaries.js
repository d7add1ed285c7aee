// Layer boundaries of DESIGN §1 and STYLE "What to absorb" 1, enforced on every import.
// The map package (src/mindmap, README there) is one folder with three entries:
//   src/mindmap/index.ts   the public entry: the screens (src/features, src/app) import this only
//   src/mindmap/core.ts    the pure entry (engine only): the server, the bench and the app's light parts
//   src/mindmap/testing.ts test helpers (an in-process engine, a simulated server), for tests only
// Inside the package:
//   engine  → itself only; no DOM/UI libraries; Node built-ins only in its CLI and tests
//   worker  → engine and itself; comlink only in worker/client.ts and worker/engine.worker.ts
//   core    → engine only
//   canvas, editor, views, formula, host.ts ("map") → themselves, the engine, core, and of the
//             worker only its client and protocol (its host in tests and the editor's test kit)
//   no part of the package imports src/app, src/features or the server: what it needs of the
//   app comes through the ports of src/mindmap/host.ts, installed by the screen layer
// Outside it:
//   server  → never client code; of the package only core (and testing, in tests)
//   bench   → of the package only core (bench/browser measures the canvas itself and is exempt)
//   feature → app, the package entry; never another feature; never the server
//   app     → features (routes compose them), the package entry or core; never the server
//   contract→ itself and typebox only; server and client import it, the client only its types
//             (and the plain rules.ts), so no schema builder reaches the browser
import { dirname, relative, resolve, sep } from 'node:path';

const UI_PACKAGES = [
  'react',
  'react-dom',
  'pixi.js',
  'valtio',
  'comlink',
  'axios',
  'video.js',
  'wouter',
  'radix-ui',
  'jsencrypt',
  'html-to-image',
  'elkjs-worker',
];
const isUiPackage = (spec) => UI_PACKAGES.some((p) => spec === p || spec.startsWith(`${p}/`)) || spec.startsWith('@pixi/') || spec.startsWith('@radix-ui/');

const PACKAGE = new Set(['engine', 'worker', 'core', 'entry', 'map']);
const ENTRIES = { index: 'index', 'index.ts': 'index', core: 'core', 'core.ts': 'core', testing: 'testing', 'testing.ts': 'testing' };

function layerOf(absPath, root) {
  const rel = relative(root, absPath).split(sep);
  if (rel[0] === 'bench') return { layer: rel[1] === 'browser' ? 'other' : 'bench' };
  if (rel[0] !== 'src') return { layer: 'other' };
  if (rel[1] === 'features') return { layer: 'feature', name: rel[2] };
  if (rel[1] === 'mindmap') {
    if (rel.length === 2) return { layer: 'entry', entry: 'index', part: '' };
    if (rel[2] === 'engine' || rel[2] === 'worker') return { layer: rel[2], part: rel.slice(3).join('/') };
    const entry = rel.length === 3 ? ENTRIES[rel[2]] : undefined;
    if (entry === 'core') return { layer: 'core', entry };
    if (entry) return { layer: 'entry', entry };
    return { layer: 'map' };
  }
  return { layer: rel[1] ?? 'other' };
}

const isTestFile = (filename) => /\.(test|property\.test|e2e)\.tsx?$/.test(filename) || /[/\\](?:[\w-]+-)?test-kit\.ts$/.test(filename);

/** An import of the map package from outside it: only its entries, and each only where it belongs. */
function packageEntryProblem(from, target, filename) {
  const entry = target.entry;
  const test = isTestFile(filename);
  if (!entry) return 'Outside src/mindmap, import the map package only through its entry (src/mindmap, or src/mindmap/core for the pure engine).';
  if (entry === 'testing' && !test) return 'src/mindmap/testing is for tests only.';
  if ((from.layer === 'server' || from.layer === 'bench') && entry === 'index')
    return 'The server and the bench import only the pure entry src/mindmap/core (no DOM, no editor).';
  return null;
}

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

function check(from, spec, target, filename, node) {
  if (target) {
    const t = target.layer;
    if (PACKAGE.has(t) && !PACKAGE.has(from.layer)) {
      const problem = packageEntryProblem(from, target, filename);
      if (problem) return problem;
    }
    if (PACKAGE.has(from.layer) && (t === 'app' || t === 'feature' || t === 'server'))
      return `The map package never imports ${t === 'feature' ? 'src/features' : `src/${t}`}: what it needs of the app comes through src/mindmap/host.ts.`;
    if (t === 'contract' && (from.layer === 'app' || from.layer === 'feature' || from.layer === 'map') && !/[/\\]rules$/.test(spec) && !isTypeOnly(node))
      return 'Client code imports contract schemas with `import type` only (their values would pull TypeBox into the bundle); runtime rules come from src/contract/rules.';
    switch (from.layer) {
      case 'contract':
        if (t !== 'contract') return 'src/contract is pure: it imports nothing of ours but itself.';
        break;
      case 'engine':
        if (t !== 'engine') return `src/engine must not import ${t === 'feature' ? 'features' : `src/${t}`}: the engine imports nothing of ours but itself.`;
        break;
      case 'worker':
        if (t !== 'engine' && t !== 'worker') return `src/mindmap/worker may import only the engine and itself, not ${t}.`;
        break;
      case 'core':
        if (t !== 'engine') return 'src/mindmap/core.ts is the pure entry: it re-exports the engine only.';
        break;
      case 'map':
        if (t === 'entry' || t === 'core') return 'Inside the package, import the file itself, not the package entry (an import cycle).';
        if (t === 'worker' && !/^(client|protocol)$/.test(target.part) && !(target.part === 'host' && isTestFile(filename)))
          return 'The editor talks to the worker through its client (src/mindmap/worker/client.ts) and protocol types only.';
        break;
      case 'server':
        if (t === 'app' || t === 'feature') return 'The server never imports client code.';
        break;
      case 'feature':
        if (t === 'feature' && target.name !== from.name)
          return `Features do not import each other (${from.name} → ${target.name}); move shared code to src/app.`;
        if (t === 'server') return 'Client code never imports the server.';
        break;
      case 'app':
        if (t === 'server') return 'Client code never imports the server.';
        break;
    }
    return null;
  }
  if (from.layer === 'engine' || from.layer === 'core') {
    if (isUiPackage(spec)) return `src/engine must stay pure: no ${spec} (it runs in a worker and in Node).`;
    const isNodeBuiltin = spec.startsWith('node:');
    const nodeAllowed = /(^|[/\\])cli\.ts$|\.test\.ts$/.test(filename);
    if (isNodeBuiltin && !nodeAllowed) return `src/engine must run in a worker: ${spec} is allowed only in the CLI and tests.`;
  }
  if (from.layer === 'contract' && spec !== 'typebox') return `src/contract is pure: it imports only typebox, not ${spec}.`;
  if (from.layer === 'server' && isUiPackage(spec)) return `The server never imports client libraries (${spec}).`;
  // Comlink stays behind the worker's two ends: the typed client and the worker entry.
  if ((spec === 'comlink' || spec.startsWith('comlink/')) && !/src[/\\]mindmap[/\\]worker[/\\](client|engine\.worker)\.ts$/.test(filename))
    return 'Only src/mindmap/worker/client.ts (and the worker entry) import comlink; use the EngineClient.';
  return null;
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Enforce Xuetu layer boundaries' }, schema: [] },
  create(context) {
    const filename = context.filename;
    const root = context.cwd;
    const from = layerOf(filename, root);
    if (from.layer === 'other') return {};
    function visit(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      const target = spec.startsWith('.') ? layerOf(resolve(dirname(filename), spec), root) : null;
      const message = check(from, spec, target && target.layer !== 'other' ? target : null, filename, node);
      if (message) context.report({ node: source, message });
    }
    return {
      ImportDeclaration: (n) => visit(n, n.source),
      ExportNamedDeclaration: (n) => visit(n, n.source),
      ExportAllDeclaration: (n) => visit(n, n.source),
      ImportExpression: (n) => visit(n, n.source),
    };
  },
};

export default { rules: { boundaries: rule } };

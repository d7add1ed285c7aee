// Layer boundaries of DESIGN §1 and STYLE "What to absorb" 1, enforced on every import:
//   engine  → itself only; no DOM/UI libraries; Node built-ins only in its CLI and tests
//   worker  → engine and itself; comlink only in worker/client.ts and worker/engine.worker.ts
//   server  → never client code (app, features, worker)
//   feature → app, worker client, engine; never another feature; never the server
//   app     → features (routes compose them), worker, engine; never the server
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

function layerOf(absPath, root) {
  const rel = relative(root, absPath).split(sep);
  if (rel[0] !== 'src') return { layer: 'other' };
  if (rel[1] === 'features') return { layer: 'feature', name: rel[2] };
  return { layer: rel[1] ?? 'other' };
}

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

function check(from, spec, target, filename, node) {
  if (target) {
    const t = target.layer;
    if (t === 'contract' && (from.layer === 'app' || from.layer === 'feature') && !/[/\\]rules$/.test(spec) && !isTypeOnly(node))
      return 'Client code imports contract schemas with `import type` only (their values would pull TypeBox into the bundle); runtime rules come from src/contract/rules.';
    switch (from.layer) {
      case 'contract':
        if (t !== 'contract') return 'src/contract is pure: it imports nothing of ours but itself.';
        break;
      case 'engine':
        if (t !== 'engine') return `src/engine must not import ${t === 'feature' ? 'features' : `src/${t}`}: the engine imports nothing of ours but itself.`;
        break;
      case 'worker':
        if (t !== 'engine' && t !== 'worker') return `src/worker may import only the engine and itself, not src/${t === 'feature' ? 'features' : t}.`;
        break;
      case 'server':
        if (t === 'app' || t === 'feature' || t === 'worker') return 'The server never imports client code.';
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
  if (from.layer === 'engine') {
    if (isUiPackage(spec)) return `src/engine must stay pure: no ${spec} (it runs in a worker and in Node).`;
    const isNodeBuiltin = spec.startsWith('node:');
    const nodeAllowed = /(^|[/\\])cli\.ts$|\.test\.ts$/.test(filename);
    if (isNodeBuiltin && !nodeAllowed) return `src/engine must run in a worker: ${spec} is allowed only in the CLI and tests.`;
  }
  if (from.layer === 'contract' && spec !== 'typebox') return `src/contract is pure: it imports only typebox, not ${spec}.`;
  if (from.layer === 'server' && isUiPackage(spec)) return `The server never imports client libraries (${spec}).`;
  // Comlink stays behind the worker's two ends: the typed client and the worker entry.
  if ((spec === 'comlink' || spec.startsWith('comlink/')) && !/src[/\\]worker[/\\](client|engine\.worker)\.ts$/.test(filename))
    return 'Only src/worker/client.ts (and the worker entry) import comlink; use the EngineClient.';
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

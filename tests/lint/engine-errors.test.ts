import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No English message ever reaches a student (brief, issue 15): every error the engine (and the
// worker around it) throws is shown as it is by the editor, so each must be Chinese. This reads
// the source: every `new …Error(message)` and `throw 'text'` outside tests, with the message
// followed through local constants and message-building functions. A message may start in
// English only with words SPEC gives verbatim (listed below), and still says the rest in Chinese.

const ROOT = resolve(import.meta.dirname, '../..');
const DIRS = ['src/mindmap/engine', 'src/mindmap/worker'];

/** SPEC §5 / §8 wording that stays first, verbatim, where SPEC gives it. */
const SPEC_PREFIXES = [/^Invalid local format/, /^Theme \S+ not exists!/, /^Missing Layout/, /^Not supported protocol/];

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' ? [] : sourceFiles(p);
    return /\.ts$/.test(e.name) && !/\.(test|bench)\.ts$|\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

const files = DIRS.flatMap((d) => sourceFiles(join(ROOT, d))).map((path) => ({
  path: relative(ROOT, path),
  sf: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true),
}));

/** Top-level constants and functions of every scanned file, by name (message constants are imported across files). */
const decls = new Map<string, ts.Expression | ts.Block>();
for (const { sf } of files) {
  for (const st of sf.statements) {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) decls.set(d.name.text, d.initializer);
    } else if (ts.isFunctionDeclaration(st) && st.name && st.body) decls.set(st.name.text, st.body);
  }
}

/** The message text an expression builds, `${…}` for what is only known at run time; null when it cannot be followed. */
function textOf(e: ts.Node, seen = new Set<string>()): string | null {
  if (ts.isStringLiteralLike(e)) return e.text;
  if (ts.isTemplateExpression(e)) return e.head.text + e.templateSpans.map((s) => '${…}' + s.literal.text).join('');
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) return textOf(e.expression, seen);
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const [a, b] = [textOf(e.left, seen), textOf(e.right, seen)];
    return a === null && b === null ? null : (a ?? '${…}') + (b ?? '${…}');
  }
  if (ts.isConditionalExpression(e)) {
    const [a, b] = [textOf(e.whenTrue, seen), textOf(e.whenFalse, seen)];
    // both branches are checked: keep the one that fails, if any
    return a === null || b === null ? null : passes(a) ? b : a;
  }
  const name = ts.isIdentifier(e) ? e.text : ts.isCallExpression(e) && ts.isIdentifier(e.expression) ? e.expression.text : null;
  if (name === null || seen.has(name)) return null;
  const d = decls.get(name);
  if (!d) return null;
  seen.add(name);
  if (ts.isBlock(d)) {
    const ret = d.statements.find(ts.isReturnStatement);
    return ret?.expression ? textOf(ret.expression, seen) : null;
  }
  if (ts.isArrowFunction(d) || ts.isFunctionExpression(d)) {
    if (ts.isBlock(d.body)) {
      const ret = d.body.statements.find(ts.isReturnStatement);
      return ret?.expression ? textOf(ret.expression, seen) : null;
    }
    return textOf(d.body, seen);
  }
  return textOf(d, seen);
}

function passes(msg: string): boolean {
  if (!CJK.test(msg)) return false;
  return !/^[A-Za-z]/.test(msg) || SPEC_PREFIXES.some((p) => p.test(msg));
}

interface Thrown {
  at: string;
  message: string | null;
}

function thrownMessages(): Thrown[] {
  const out: Thrown[] = [];
  for (const { path, sf } of files) {
    const visit = (n: ts.Node): void => {
      const isErrorCtor =
        (ts.isNewExpression(n) || ts.isCallExpression(n)) &&
        ts.isIdentifier(n.expression) &&
        /^(\w*Error)$/.test(n.expression.text) &&
        decls.get(n.expression.text) === undefined;
      const at = () => `${path}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
      if (isErrorCtor) {
        const arg = (n as ts.NewExpression | ts.CallExpression).arguments?.[0];
        out.push({ at: at(), message: arg ? textOf(arg) : '' });
      } else if (ts.isThrowStatement(n) && ts.isStringLiteralLike(n.expression)) {
        out.push({ at: at(), message: n.expression.text });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

describe('engine errors a student can see', () => {
  const thrown = thrownMessages();

  it('finds the errors it checks (the scan is not empty)', () => {
    expect(thrown.length).toBeGreaterThan(20);
  });

  it('every thrown message is Chinese; English only as a SPEC-given prefix', () => {
    const bad = thrown
      .filter((t) => t.message === null || !passes(t.message))
      .map((t) => `${t.at}: ${t.message ?? '(message cannot be followed: use a literal or a constant)'}`);
    expect(bad).toEqual([]);
  });

  it('the check itself refuses English and accepts SPEC prefixes followed by Chinese', () => {
    expect(passes('Priority must be 0–9')).toBe(false);
    expect(passes('Missing Layout: zig')).toBe(false);
    expect(passes('Unknown command：未知')).toBe(false);
    expect(passes('Missing Layout: zig（布局“zig”不存在）')).toBe(true);
    expect(passes('${…}缩进跳级')).toBe(true);
    expect(passes('Theme is broken（坏了）')).toBe(false);
  });
});

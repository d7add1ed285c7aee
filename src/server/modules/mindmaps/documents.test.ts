import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL, applyTo } from '../../../../tests/server/helpers';
import { LIMIT_MESSAGES, MAX_NODE_DEPTH, MAX_VALUE_DEPTH, type KmDocument, type KmNode, exportDocument } from '../../../mindmap/core';

// How the server accepts a student's map document (saveStuMind) and outline (saveOutline):
// one parse path for JSON and string documents, structural limits instead of the level-4 rule,
// every number bounded to its column, and nothing accepted that cannot be served again.

const t = useTestApp({ normal: NORMAL });
beforeAll(() => applyTo(t.app, t.tokens.normal, 'case-02', 'case-03', 'case-05', 'case-06'));

const saveMap = (payload: object) => t.post(t.tokens.normal, '/api/course/mindStudent/saveStuMind', payload);
const saveOutline = (payload: object) => t.post(t.tokens.normal, '/api/course/mindStudent/saveOutline', payload);
const show = (caseId: string) => t.get(t.tokens.normal, `/api/course/mindStudent/showMind?caseId=${caseId}`);
const outlineOf = (caseId: string) => t.get(t.tokens.normal, `/api/course/mindStudent/getMindOutline?caseId=${caseId}`);
const versionOf = async (caseId: string) => (await show(caseId)).data.version as number;
const km = (root: KmNode): KmDocument => ({ root, template: 'default', theme: 'fresh-blue', version: '1.4.43' });

/** A chain of `levels` nodes, the last one holding `data.deep` nested `valueDepth` levels inside its data. */
function chain(levels: number, valueDepth = 1): KmDocument {
  let deep: unknown = 'x';
  for (let d = 2; d < valueDepth; d++) deep = { d: deep }; // data is level 1, deep's scalar the last
  let node: KmNode = { data: { id: `n${levels}`, text: `L${levels}`, ...(valueDepth > 1 ? { deep } : {}) } };
  for (let l = levels - 1; l >= 1; l--) node = { data: { id: `n${l}`, text: `L${l}` }, children: [node] };
  return km(node);
}
const depthOf = (doc: { root: KmNode }) => {
  let n = doc.root;
  let levels = 1;
  while (n.children?.length) [n, levels] = [n.children[0], levels + 1];
  return levels;
};

describe('document limits', () => {
  it('a map as deep and as nested as the limits allow saves, and can be opened and outlined again (JSON or string)', async () => {
    const doc = chain(MAX_NODE_DEPTH, MAX_VALUE_DEPTH);
    for (const [i, document] of [doc, JSON.stringify(doc)].entries()) {
      expect(await saveMap({ caseId: 'case-03', document, version: i })).toMatchObject({ resultCode: 200, data: { version: i + 1 } });
      const shown = await show('case-03');
      expect(shown.resultCode, shown.errMsg).toBe(200);
      expect(depthOf(shown.data.document)).toBe(MAX_NODE_DEPTH);
      const outline = await outlineOf('case-03');
      expect(outline.resultCode).toBe(200);
      expect(outline.data.outline.split('\n')).toHaveLength(MAX_NODE_DEPTH);
    }
  });

  it('one level or one nesting more is a 400 naming the limit, and stores nothing', async () => {
    const version = await versionOf('case-03');
    const cases: [unknown, string][] = [
      [chain(MAX_NODE_DEPTH + 1), LIMIT_MESSAGES.depth],
      [JSON.stringify(chain(MAX_NODE_DEPTH + 1)), LIMIT_MESSAGES.depth],
      [chain(3, MAX_VALUE_DEPTH + 1), LIMIT_MESSAGES.valueDepth],
      [JSON.stringify(chain(3, MAX_VALUE_DEPTH + 1)), LIMIT_MESSAGES.valueDepth],
    ];
    for (const [document, errMsg] of cases) expect(await saveMap({ caseId: 'case-03', document, version })).toMatchObject({ resultCode: 400, errMsg });
    expect(await versionOf('case-03')).toBe(version);
  });

  it('deep JSON in a node’s data (~4,100 levels: 500 on save, or saved and never served again) is refused; the map still opens', async () => {
    const version = await versionOf('case-03');
    for (const levels of [4111, 4125, 20_000]) {
      const deep = '{"d":'.repeat(levels) + '1' + '}'.repeat(levels);
      const text = `{"root":{"data":{"id":"r","text":"深","deep":${deep}}},"template":"default","theme":"fresh-blue","version":"1.4.43"}`;
      // As a string the document reaches the document check; as JSON the input guard sees it first.
      expect(await saveMap({ caseId: 'case-03', document: text, version }), `string ${levels}`).toMatchObject({
        resultCode: 400,
        errMsg: LIMIT_MESSAGES.valueDepth,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/course/mindStudent/saveStuMind',
        headers: { authorization: t.tokens.normal, 'content-type': 'application/json' },
        payload: `{"caseId":"case-03","version":${version},"document":${text}}`,
      });
      expect(res.json(), `json ${levels}`).toMatchObject({ resultCode: 400 });
    }
    expect((await show('case-03')).resultCode).toBe(200);
    expect(await versionOf('case-03')).toBe(version);
  });

  it('version is bounded to its 32-bit column: 2^31 is a 400 naming it, 2^31 - 1 a clean 409', async () => {
    const document = chain(2);
    for (const version of [2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      const res = await saveMap({ caseId: 'case-05', document, version });
      expect(res.resultCode, `${version} ${res.errMsg}`).toBe(400);
      expect(res.errMsg).toContain('version');
      expect((await saveOutline({ caseId: 'case-05', outline: 'L1\n\tL2', version })).resultCode).toBe(400);
    }
    expect((await saveMap({ caseId: 'case-05', document, version: 2 ** 31 - 1 })).resultCode).toBe(409);
  });
});

describe('__proto__, constructor.prototype and a toString that is not a function', () => {
  const docs = [
    '{"root":{"data":{"id":"r","text":"x","__proto__":{"polluted":1}}}}',
    '{"root":{"data":{"id":"r","text":"x"},"children":[{"data":{"id":"c","text":"y","constructor":{"prototype":{"polluted":1}}}}]}}',
    '{"root":{"data":{"id":"r","text":"x","image":{"a":[{"__proto__":{"polluted":1}}]}}}}',
    '{"__proto__":{"polluted":1},"root":{"data":{"id":"r","text":"x"}}}',
    '{"root":{"__proto__":{"polluted":1},"data":{"id":"r","text":"x"}}}',
    // not a prototype key, but a value that throws when made text or a number (a font size, a mark)
    '{"root":{"data":{"id":"r","text":"x","font-size":{"toString":true}}}}',
    '{"root":{"data":{"id":"r","text":"x"},"children":[{"data":{"id":"c","isStudy":[{"toString":1}]}}]}}',
  ];

  it('a document sent as a JSON string is refused like one sent as JSON, and nothing is stored', async () => {
    const before = await show('case-06');
    for (const document of docs) {
      expect(await saveMap({ caseId: 'case-06', document, version: before.data.version }), document).toMatchObject({
        resultCode: 400,
        errMsg: LIMIT_MESSAGES.prototype,
      });
      const asJson = await t.app.inject({
        method: 'POST',
        url: '/api/course/mindStudent/saveStuMind',
        headers: { authorization: t.tokens.normal, 'content-type': 'application/json' },
        payload: `{"caseId":"case-06","version":${before.data.version},"document":${document}}`,
      });
      expect(asJson.json().resultCode, document).toBe(400);
    }
    expect(await show('case-06')).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a key that only looks like one is kept', async () => {
    const document = '{"root":{"data":{"id":"r","text":"x","constructor":"c","proto":{"prototype":1}}}}';
    expect((await saveMap({ caseId: 'case-06', document, version: await versionOf('case-06') })).resultCode).toBe(200);
    expect((await show('case-06')).data.document.root.data).toMatchObject({ constructor: 'c', proto: { prototype: 1 } });
  });
});

// Titles as students write them: spaces and tabs, outline and markdown marks, backslashes (the
// engine escapes `\n` as `\\n`), line breaks, <br>, CJK, emoji.
const title = fc
  .array(fc.constantFrom('a', '学', '😀', ' ', '    ', '\t', '#', '-', '\\', 'n', '\\n', '<br>', '\n', '分支主题', '*'), { maxLength: 8 })
  .map((p) => p.join(''));
const tree = fc.array(fc.tuple(title, fc.nat()), { minLength: 1, maxLength: 12 }).map(([[rootTitle], ...rest]) => {
  const nodes: KmNode[] = [{ data: { id: 'n0', text: rootTitle }, children: [] }];
  rest.forEach(([text, parent], i) => {
    const node: KmNode = { data: { id: `n${i + 1}`, text }, children: [] };
    nodes[parent % nodes.length].children!.push(node);
    nodes.push(node);
  });
  return km(nodes[0]);
});

describe('outline text is the engine’s', () => {
  it('any outline the engine exports for a saved map is accepted unchanged by saveOutline and read back identically', async () => {
    await fc.assert(
      fc.asyncProperty(tree, fc.boolean(), async (doc, lf) => {
        const saved = await saveMap({ caseId: 'case-02', document: doc, version: await versionOf('case-02') });
        expect(saved.resultCode, saved.errMsg).toBe(200);
        // The engine's .txt export (a CR after every line), or the same as the editor's text field holds it (LF).
        const exported = exportDocument('txt', doc);
        const outline = lf
          ? exported
              .split('\r')
              .filter((l) => l)
              .join('\n')
          : exported;
        const res = await saveOutline({ caseId: 'case-02', outline, version: saved.data.version });
        expect(res, JSON.stringify(outline)).toMatchObject({ resultCode: 200, data: { version: saved.data.version } });
        expect((await outlineOf('case-02')).data).toEqual({ outline, version: saved.data.version });
      }),
      {
        numRuns: 40,
        examples: [
          [km({ data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: 'C:\\new\\path' } }, { data: { id: 'b', text: '# 标题 \\' } }] }), true],
        ],
      },
    );
  });

  it('the outline derived from a saved map is the engine’s export of it', async () => {
    const doc = km({ data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: 'a\\nb' }, children: [{ data: { id: 'b', text: '' } }] }] });
    const saved = await saveMap({ caseId: 'case-02', document: doc, version: await versionOf('case-02') });
    expect((await outlineOf('case-02')).data.outline).toBe(
      exportDocument('txt', doc)
        .split('\r')
        .filter((l) => l)
        .join('\n'),
    );
    expect(saved.resultCode).toBe(200);
  });
});

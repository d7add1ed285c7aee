// @vitest-environment node
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KmDocument } from '../model/types';
import { titleUnit } from '../testing/title-units';
import { exportFile, importDocumentWithNotices } from './formats';

// XMind structures ↔ our templates (xmind-structure.ts), and relationship control points in the
// forms XMind writes (relations-exchange.ts).

const NS = 'xmlns="urn:xmind:xmap:xmlns:content:2.0" xmlns:svg="http://www.w3.org/2000/svg"';
const x8 = (rootAttrs: string, body = '', sheetExtra = '') =>
  zipSync({
    'content.xml': strToU8(
      `<?xml version="1.0"?><xmap-content ${NS}><sheet id="s"><topic id="root" ${rootAttrs}><title>根</title><children><topics type="attached"><topic id="a"><title>甲</title>${body}</topic><topic id="b"><title>乙</title></topic></topics></children></topic>${sheetExtra}</sheet></xmap-content>`,
    ),
  });
const json = (rootTopic: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  zipSync({
    'content.json': strToU8(
      JSON.stringify([
        {
          id: 's',
          rootTopic: {
            id: 'root',
            title: '根',
            children: {
              attached: [
                { id: 'a', title: '甲' },
                { id: 'b', title: '乙' },
              ],
            },
            ...rootTopic,
          },
          ...extra,
        },
      ]),
    ),
  });
const messages = (r: { notices: Array<{ message: string }> }) => r.notices.map((n) => n.message);

const doc = (template: string): KmDocument => ({
  root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: '甲' }, children: [] }] },
  template,
  theme: 'fresh-blue',
  version: '1.4.43',
});

describe('XMind structures and our templates', () => {
  it('XMind 8 structure-class and XMind 2020 structureClass choose the template, silently when it is the same drawing', () => {
    const cases: Array<[string, string]> = [
      ['org.xmind.ui.logic.right', 'right'],
      ['org.xmind.ui.map.unbalanced', 'default'],
      ['org.xmind.ui.map.clockwise', 'default'],
      ['org.xmind.ui.map', 'default'],
      ['org.xmind.ui.org-chart.down', 'structure'],
      ['org.xmind.ui.tree.right', 'filetree'],
      ['org.xmind.ui.fishbone.leftHeaded', 'fish-bone'],
    ];
    for (const [cls, template] of cases) {
      const a = importDocumentWithNotices('xmind', x8(`structure-class="${cls}"`));
      expect([cls, a.document.template, messages(a)]).toEqual([cls, template, []]);
      const b = importDocumentWithNotices('xmind', json({ structureClass: cls }));
      expect([cls, b.document.template, messages(b)]).toEqual([cls, template, []]);
    }
    expect(importDocumentWithNotices('xmind', json({})).document.template).toBe('default');
  });

  it('a structure no template draws opens in the closest one and says so', () => {
    const cases: Array<[string, string]> = [
      ['org.xmind.ui.logic.left', 'right'],
      ['org.xmind.ui.org-chart.up', 'structure'],
      ['org.xmind.ui.tree.left', 'filetree'],
      ['org.xmind.ui.fishbone.rightHeaded', 'fish-bone'],
      ['org.xmind.ui.timeline.horizontal', 'right'],
      ['com.example.unknown', 'default'],
    ];
    for (const [cls, template] of cases) {
      const r = importDocumentWithNotices('xmind', x8(`structure-class="${cls}"`));
      expect([cls, r.document.template, messages(r)]).toEqual([cls, template, ['以下内容未能保留：导图结构（已改用最接近的结构） 1 处']]);
    }
    // A subtopic's own structure: the map has one template.
    const sub = importDocumentWithNotices('xmind', json({ children: { attached: [{ id: 'a', title: '甲', structureClass: 'org.xmind.ui.tree.right' }] } }));
    expect(messages(sub)).toEqual(['以下内容未能保留：导图结构（已改用最接近的结构） 1 处']);
  });

  it('export writes the structure of the template in content.json and content.xml; 天盘 is said', () => {
    const want: Record<string, string> = {
      default: 'org.xmind.ui.map.clockwise',
      right: 'org.xmind.ui.logic.right',
      structure: 'org.xmind.ui.org-chart.down',
      filetree: 'org.xmind.ui.tree.right',
      'fish-bone': 'org.xmind.ui.fishbone.leftHeaded',
    };
    for (const [template, cls] of Object.entries(want)) {
      const out = exportFile('xmind', doc(template));
      expect(out.notices).toEqual([]);
      const files = unzipSync(out.data as Uint8Array);
      expect(JSON.parse(strFromU8(files['content.json']))[0].rootTopic.structureClass).toBe(cls);
      expect(strFromU8(files['content.xml'])).toContain(`structure-class="${cls}"`);
      // and back: the same template from either file
      expect(importDocumentWithNotices('xmind', out.data).document.template).toBe(template);
      delete files['content.json'];
      expect(importDocumentWithNotices('xmind', zipSync(files)).document.template).toBe(template);
    }
    const tianpan = exportFile('xmind', doc('tianpan'));
    expect(messages(tianpan)).toEqual(['以下内容未能保留：导图结构（已改用最接近的结构） 1 处']);
    // a branch's own layout (from a kityminder file) has no subtopic structure written for it
    const branch = doc('right');
    branch.root.children![0].data.layout = 'filetree-down';
    expect(messages(exportFile('xmind', branch))).toEqual(['以下内容未能保留：导图结构（已改用最接近的结构） 1 处']);
  });
});

describe('relationship control points from XMind', () => {
  const rel = (points: string) =>
    `<relationships><relationship id="r1" end1="a" end2="b"><title>邻接</title><control-points>${points}</control-points></relationship></relationships>`;

  it('XMind 8 control points with svg:x / svg:y on the point itself, or in <position>, are the curve', () => {
    const forms = [
      '<control-point index="0" svg:x="50" svg:y="20"/><control-point index="1" svg:x="-40" svg:y="30"/>',
      '<control-point index="0"><position svg:x="50" svg:y="20"/></control-point><control-point index="1"><position svg:x="-40" svg:y="30"/></control-point>',
    ];
    for (const f of forms) {
      const r = importDocumentWithNotices('xmind', x8('', '', rel(f)));
      expect(r.document.relationships?.[0].controls).toEqual([
        { x: 50, y: 20 },
        { x: -40, y: 30 },
      ]);
      expect(r.notices).toEqual([]);
    }
  });

  it('the polar form (angle, amount) keeps the line with the automatic curve and says the curve is lost', () => {
    const r = importDocumentWithNotices(
      'xmind',
      x8('', '', rel('<control-point index="0" amount="0.3" angle="15"/><control-point index="1" amount="0.7" angle="-10"/>')),
    );
    expect(r.document.relationships).toHaveLength(1);
    expect(r.document.relationships?.[0].controls).toBeUndefined();
    expect(messages(r)).toEqual(['以下内容未能保留：关联线的自定义弯曲 1 条']);
    const j = importDocumentWithNotices(
      'xmind',
      json(
        {},
        { relationships: [{ id: 'r', end1Id: 'a', end2Id: 'b', controlPoints: { '0': { amount: 0.3, angle: 0.2 }, '1': { amount: 0.3, angle: -0.2 } } }] },
      ),
    );
    expect(j.document.relationships?.[0].controls).toBeUndefined();
    expect(messages(j)).toEqual(['以下内容未能保留：关联线的自定义弯曲 1 条']);
  });
});

describe('.km → .xmind → .km (property)', () => {
  const offset = fc.record({ x: fc.double({ min: -2000, max: 2000, noNaN: true }), y: fc.double({ min: -2000, max: 2000, noNaN: true }) });
  const title = fc.string({ unit: titleUnit, minLength: 0, maxLength: 8 });
  const templates = ['default', 'right', 'structure', 'filetree', 'fish-bone'] as const;

  it('keeps the template and every custom curve within a pixel, in content.json and content.xml alike', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...templates),
        fc.array(fc.record({ title, c: fc.option(fc.tuple(offset, offset), { nil: undefined }) }), { maxLength: 4 }),
        (template, lines) => {
          const kids = lines.map((_, i) => ({ data: { id: `n${i}`, text: `主题 ${i}` }, children: [] }));
          const d: KmDocument = {
            root: { data: { id: 'r', text: '根' }, children: kids },
            template,
            theme: 'fresh-blue',
            version: '1.4.43',
            relationships: lines.map((l, i) => ({
              id: `x${i}`,
              from: `n${i}`,
              to: 'r',
              ...(l.title ? { title: l.title } : {}),
              ...(l.c ? { controls: l.c } : {}),
            })),
          };
          const out = exportFile('xmind', d);
          expect(out.notices).toEqual([]);
          const files = unzipSync(out.data as Uint8Array);
          delete files['content.json'];
          for (const back of [importDocumentWithNotices('xmind', out.data), importDocumentWithNotices('xmind', zipSync(files))]) {
            expect(back.notices).toEqual([]);
            expect(back.document.template).toBe(template);
            const got = back.document.relationships ?? [];
            expect(got.map((r) => r.title ?? '')).toEqual(lines.map((l) => l.title));
            got.forEach((r, i) => {
              const want = lines[i].c;
              if (!want) return expect(r.controls).toBeUndefined();
              for (const k of [0, 1]) {
                expect(Math.abs(r.controls![k].x - want[k].x)).toBeLessThan(1);
                expect(Math.abs(r.controls![k].y - want[k].y)).toBeLessThan(1);
              }
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

import { strToU8, zipSync } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import type { ExchangeFormat } from './formats';

// Hostile XMind, FreeMind and OPML files: random bytes, zips with random content, and XML made of
// the formats' own tags in random order must import or be refused with a Chinese message, and a
// refused import leaves the open map as it was (issue 19.4: never a crash or half a map).

const CJK = /[\u4e00-\u9fff]/;

function tryImport(ed: MindEditor, format: ExchangeFormat, data: string | Uint8Array): void {
  const before = JSON.stringify(ed.toKm());
  try {
    ed.importDataWithNotices(format, data);
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message, (e as Error).message).toMatch(CJK);
    expect(JSON.stringify(ed.toKm())).toBe(before);
  }
}

const token = fc.constantFrom(
  '<map>',
  '</map>',
  '<node TEXT="a">',
  '<node>',
  '</node>',
  '<richcontent TYPE="NOTE"><html><body><p>n</p></body></html></richcontent>',
  '<icon BUILTIN="full-1"/>',
  '<arrowlink/>',
  '<opml>',
  '</opml>',
  '<body>',
  '</body>',
  '<outline text="x" _note="y">',
  '</outline>',
  '<outline/>',
  '&amp;',
  '&#10;',
  '&bogus;',
  '<!DOCTYPE x [<!ENTITY a "aaaa">]>',
  '&a;',
  '<![CDATA[ c ]]>',
  '<!-- c -->',
  ' ',
  '"',
  '<',
  '>',
  '中',
);
const xmlish = fc.array(token, { maxLength: 40 }).map((t) => t.join(''));
const jsonish = fc.oneof(
  fc.json(),
  fc.constantFrom(
    '[{"rootTopic":{"title":1,"children":{"attached":[null,1,{"title":[]}]}}}]',
    '[{"rootTopic":{"children":{"attached":"x"},"markers":[1,{"markerId":9}]}}]',
  ),
);

describe('hostile exchange files', () => {
  const ed = new MindEditor();
  it('random bytes as .xmind, .mm and .opml', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1024 }), fc.constantFrom<ExchangeFormat>('xmind', 'mm', 'opml'), (b, f) => tryImport(ed, f, b)),
      { numRuns: 300 },
    );
  });
  it('zips holding random content.json / content.xml', () => {
    fc.assert(
      fc.property(jsonish, xmlish, fc.boolean(), (json, xml, useJson) => {
        tryImport(
          ed,
          'xmind',
          zipSync(useJson ? { 'content.json': strToU8(json) } : { 'content.xml': strToU8(`<xmap-content><sheet>${xml}</sheet></xmap-content>`) }),
        );
      }),
      { numRuns: 300 },
    );
  });
  it('tag soup as .mm and .opml', () => {
    fc.assert(
      fc.property(xmlish, fc.constantFrom<ExchangeFormat>('mm', 'opml'), (x, f) => tryImport(ed, f, x)),
      { numRuns: 500 },
    );
  });
});

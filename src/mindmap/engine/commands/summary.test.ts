import { describe, expect, it } from 'vitest';
import { READ_ONLY_ERROR } from './command';
import { SUMMARY_SIBLINGS_ERROR } from './add-summary';
import { SUMMARY_CROSS_ERROR, SUMMARY_SPINE_ERROR, SUMMARY_TIANPAN_ERROR } from '../layout/summary-side';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('summaries (概要)', () => {
  it('addSummary spans a contiguous run of siblings given in any order; undo → redo', () => {
    const doc = sampleDoc();
    doc.template = 'right'; // (the mind template splits A, B | C across the root)
    const { result } = checkUndoRedo(doc, 'addSummary', [['C', 'A', 'B']]);
    expect(doc.items.summaries).toEqual([{ id: result, parent: 'R', first: 'A', last: 'C', text: '概要' }]);
  });

  it('addSummary takes a given text and one node alone', () => {
    const doc = sampleDoc();
    run(doc, 'addSummary', ['A1'], '小结');
    expect(doc.items.summaries[0]).toMatchObject({ parent: 'A', first: 'A1', last: 'A1', text: '小结' });
  });

  it('refuses the root, non-siblings and a gap in the run, changing nothing', () => {
    const doc = sampleDoc();
    expect(() => run(doc, 'addSummary', ['R'])).toThrow(SUMMARY_SIBLINGS_ERROR);
    expect(() => run(doc, 'addSummary', ['A', 'A1'])).toThrow(SUMMARY_SIBLINGS_ERROR);
    expect(() => run(doc, 'addSummary', ['A', 'C'])).toThrow(SUMMARY_SIBLINGS_ERROR);
    expect(() => run(doc, 'addSummary', [])).toThrow(SUMMARY_SIBLINGS_ERROR);
    expect(doc.items.summaries).toEqual([]);
  });

  it('refuses a run the structure cannot draw, saying why: across the mind root, a fish-bone spine, tianpan', () => {
    const doc = sampleDoc(); // mind template: A, B right of the root, C left
    expect(() => run(doc, 'addSummary', ['B', 'C'])).toThrow(SUMMARY_CROSS_ERROR);
    expect(() => run(doc, 'addSummary', ['A', 'B', 'C'])).toThrow(SUMMARY_CROSS_ERROR);
    expect(run(doc, 'addSummary', ['C'])).toBeTruthy();
    expect(run(doc, 'addSummary', ['A', 'B'])).toBeTruthy();
    doc.template = 'fish-bone';
    expect(() => run(doc, 'addSummary', ['A', 'B'])).toThrow(SUMMARY_SPINE_ERROR);
    expect(run(doc, 'addSummary', ['A1'])).toBeTruthy(); // a bone (not the spine) has its side
    doc.template = 'tianpan';
    expect(() => run(doc, 'addSummary', ['A'])).toThrow(SUMMARY_TIANPAN_ERROR);
    expect(doc.items.summaries).toHaveLength(3);
  });

  it('summaryText and removeSummary; undo → redo', () => {
    const doc = sampleDoc();
    const id = run(doc, 'addSummary', ['A', 'B']) as string;
    checkUndoRedo(doc, 'summaryText', [id, '两点']);
    expect(doc.items.summaries[0].text).toBe('两点');
    checkUndoRedo(doc, 'removeSummary', [id]);
    expect(doc.items.summaries).toEqual([]);
    expect(() => run(doc, 'removeSummary', [id])).toThrow('概要不存在');
    expect(() => run(doc, 'summaryText', 'nope', 'x')).toThrow('概要不存在');
  });

  it('a read-only map refuses every summary edit', () => {
    const doc = sampleDoc();
    const id = run(doc, 'addSummary', ['A']) as string;
    doc.readOnly = true;
    expect(() => run(doc, 'addSummary', ['B'])).toThrow(READ_ONLY_ERROR);
    expect(() => run(doc, 'summaryText', id, 'x')).toThrow(READ_ONLY_ERROR);
    expect(() => run(doc, 'removeSummary', id)).toThrow(READ_ONLY_ERROR);
    expect(doc.items.summaries).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('expandToLevel', () => {
  it('expands above the level and collapses non-leaves at it; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'expandToLevel', [1]);
    expect(doc.get('A').data.expandState).toBe('collapse');
    expect(doc.get('B').data.expandState).toBeUndefined();
    checkUndoRedo(doc, 'expandToLevel', [9999]);
    expect(doc.get('C').data.expandState).toBe('expand');
  });
  it('works in read-only mode', () => {
    const doc = sampleDoc();
    doc.readOnly = true;
    run(doc, 'expandToLevel', 1);
    expect(doc.get('A').data.expandState).toBe('collapse');
  });
});

describe('expandToLevel below the level', () => {
  it('leaves deeper nodes as they were, folded or open (only the levels down to it are walked)', () => {
    const doc = sampleDoc();
    doc.set('A1', 'expandState', 'collapse');
    run(doc, 'expandToLevel', 1);
    expect(doc.get('A').data.expandState).toBe('collapse');
    expect(doc.get('C').data.expandState).toBe('collapse');
    expect(doc.get('A1').data.expandState).toBe('collapse');
    run(doc, 'expandToLevel', 2);
    expect(doc.get('A').data.expandState).toBe('expand');
    expect(doc.get('A1').data.expandState).toBe('collapse');
    doc.set('A1', 'expandState', 'expand');
    run(doc, 'expandToLevel', 0);
    expect(doc.get('A1').data.expandState).toBe('expand');
    expect(doc.get('A').data.expandState).toBe('expand');
  });
});

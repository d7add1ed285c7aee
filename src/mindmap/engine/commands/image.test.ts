import { describe, expect, it } from 'vitest';
import { fitImage } from './image';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('image', () => {
  it('sets url/title/fitted size and removes with ""; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'image', ['A', 'https://x/y.png', 't', 800, 400]);
    expect(doc.get('A').data.imageSize).toEqual({ width: 200, height: 100 });
    checkUndoRedo(doc, 'image', ['A', '']);
    expect(doc.get('A').data.image).toBe('');
  });
  it('fits into 200×200 keeping the aspect ratio, never enlarging', () => {
    expect(fitImage(100, 50)).toEqual({ width: 100, height: 50 });
    expect(fitImage(300, 900)).toEqual({ width: 66, height: 200 });
    expect(fitImage(250, 250)).toEqual({ width: 200, height: 200 });
    expect(fitImage(0, 0)).toEqual({ width: 0, height: 0 });
  });
});

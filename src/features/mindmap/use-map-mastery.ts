import { useEffect, useState } from 'react';
import type { MapMastery } from '../../contract/review';
import { mapMastery } from './api';
import type { EditorController } from '../../mindmap';

/**
 * The student's mastery of the open case map, asked again whenever `tick` changes (after a save,
 * a grade or a 回忆练习): handed to the editor (canvas balls, tree marks, 掌握 N/M) and returned
 * for the 掌握度 view's sentences. Extra, like the review marks: the map works without it.
 */
export function useMapMastery(ctl: EditorController, caseId: string, tick: string): MapMastery | null {
  const [data, setData] = useState<MapMastery | null>(null);
  useEffect(() => {
    let live = true;
    mapMastery(caseId)
      .then((m) => {
        if (!live) return;
        setData(m);
        return ctl.doc.setMastery(m);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [ctl, caseId, tick]);
  return data;
}

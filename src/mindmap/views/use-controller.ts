import { useEffect, useState } from 'react';
import { startEngineWorker } from '../worker/client';
import { EditorController } from '../editor/controller';

/** One engine worker + controller per mounted map screen, ended on unmount (StrictMode-safe). */
export function useController(): EditorController | null {
  const [ctl, setCtl] = useState<EditorController | null>(null);
  useEffect(() => {
    const c = new EditorController(startEngineWorker());
    setCtl(c);
    // The worker ends only after the beforeClose work (the autosaver's last save) is done.
    return () => void c.dispose();
  }, []);
  return ctl;
}

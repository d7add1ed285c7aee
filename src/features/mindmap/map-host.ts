import { installMapHost } from '../../mindmap';
import { loadableUrl } from '../../app/files/signed-url';
import { isMobile } from '../../app/lib/device';
import { download } from '../../app/lib/download';
import { NoteMarkdown } from '../../app/ui/NoteMarkdown';
import { useToastsAtBottom } from '../../app/ui/Toaster';
import { dismissToast, toast } from '../../app/ui/toast-store';
import { uploadImage } from './api';

// The app's side of the map package's ports (src/mindmap/host.ts): installed when a routed
// screen that opens an editor (ProjectMinder, OwnMapEditor, MindDetail) is loaded.
installMapHost({
  toast,
  dismissToast,
  useToastsAtBottom,
  isMobile: () => isMobile(),
  loadableUrl: (url) => loadableUrl(url),
  download,
  uploadImage,
  NoteMarkdown,
  loadTex: () => import('../../app/lib/tex'),
});

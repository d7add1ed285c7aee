import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { signedFileUrls, type SignedFileUrls } from './signed-url';

/** Seconds before expiry at which a shown link is signed again. */
const RENEW_BEFORE_MS = 60_000;

/**
 * A download link to one of the student's files through a short-lived signed URL (never the
 * session token): signed when shown, signed again before it expires, and on a click after expiry
 * (a tab left open) a fresh URL is fetched and opened instead of the stale one.
 */
export function SignedDownloadLink({ fileId, children }: { fileId: string; children: ReactNode }) {
  const [signed, setSigned] = useState<SignedFileUrls | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sign = () =>
      signedFileUrls(fileId)
        .then((s) => {
          if (!live) return;
          setSigned(s);
          timer = setTimeout(sign, Math.max(5_000, s.expiresAt - Date.now() - RENEW_BEFORE_MS));
        })
        .catch(() => undefined); // the link stays disabled; the file is not readable
    void sign();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [fileId]);

  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (signed && signed.expiresAt - Date.now() > 5_000) return;
    e.preventDefault();
    void signedFileUrls(fileId).then((s) => {
      setSigned(s);
      window.location.assign(s.downloadUrl);
    });
  };

  return (
    <a href={signed?.downloadUrl} aria-disabled={!signed} onClick={onClick} rel="noopener noreferrer" download>
      {children}
    </a>
  );
}

import { Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Router } from 'wouter';
import { AppRoutes } from './router/AppRoutes';
import { hashHref, useHashLocation, useHashSearch } from './router/hash-location';
import { lazyScreen } from './router/lazy-screen';
import { routes } from './routes';
import { refreshUser } from './session/auth-actions';
import { loadAlwaysFetched } from './session/reference-store';
import { SessionWatcher } from './session/SessionWatcher';
import { session, watchTokenRemoval } from './session/session-store';
import { siteConfig } from './site-config';
import { Toaster } from './ui/Toaster';
import { ui } from './ui-store';

// The dialog (radix Dialog, captcha, jsencrypt on demand) is fetched the first time it opens.
const LoginDialog = lazyScreen(
  () => import('./auth/LoginDialog'),
  (m) => m.LoginDialog,
);

function LoginDialogHost() {
  const { loginOpen } = useSnapshot(ui);
  const everOpened = useEverTrue(loginOpen);
  return everOpened ? (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  ) : null;
}

function useEverTrue(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}

export function App() {
  useEffect(() => {
    void loadAlwaysFetched();
    // A new tab has the token (local storage) but not the user (session storage).
    if (session.token && !session.user) void refreshUser();
    return watchTokenRemoval();
  }, []);
  return (
    <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={hashHref}>
      <SessionWatcher />
      <AppRoutes routes={routes} examSiteUrl={siteConfig.examSiteUrl} />
      <LoginDialogHost />
      <Toaster />
    </Router>
  );
}

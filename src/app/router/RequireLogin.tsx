import { useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../session/session-store';
import { openLogin } from '../ui-store';
import './router.css';

/**
 * Guard of protected routes (SPEC §2): without a token the login dialog opens and the screen
 * waits behind a prompt; after login the screen renders in place. The dialog opens when a route
 * is *entered* without a token, not when the token disappears while on it: that case is a logout,
 * which returns Home with a warning (SessionWatcher).
 */
export function RequireLogin({ path, children }: { path: string; children: ReactNode }) {
  const { token } = useSnapshot(session);
  useEffect(() => {
    if (!session.token) openLogin();
  }, [path]);
  if (token) return children;
  return (
    <section className="container route-message" aria-labelledby="login-required-title">
      <h1 id="login-required-title">请先登录</h1>
      <p>登录后即可访问此页面。</p>
      <button type="button" className="route-message__action" onClick={openLogin}>
        学生登录
      </button>
    </section>
  );
}

import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { toast } from '../ui/toast-store';
import { session } from './session-store';

export const LOGGED_OUT_MESSAGE = '已退出登录，将返回首页';

/**
 * SPEC §4: becoming logged out (logout, token removal, failed silent re-login) on any page but
 * Home warns and returns Home. Only a transition counts: opening the site logged out is not one.
 */
export function SessionWatcher() {
  const { token } = useSnapshot(session);
  const [location, navigate] = useLocation();
  const previous = useRef(token);
  useEffect(() => {
    const wasLoggedIn = previous.current !== null;
    previous.current = token;
    if (wasLoggedIn && token === null && location !== '/') {
      toast.warning(LOGGED_OUT_MESSAGE);
      navigate('/', { replace: true });
    }
  }, [token, location, navigate]);
  return null;
}

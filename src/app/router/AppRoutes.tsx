import { Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { MainLayout } from '../layout/MainLayout';
import { TitleAnnouncer } from './document-title';
import { NotFound } from './NotFound';
import { RequireLogin } from './RequireLogin';
import type { AppRoute } from './route-types';

function Loading() {
  return (
    <div className="route-loading" role="status">
      加载中…
    </div>
  );
}

function Screen({ route }: { route: AppRoute }) {
  if (route.redirect) return <Redirect to={route.redirect} replace />;
  const Component = route.screen;
  if (!Component) return <NotFound />;
  return route.protected === false ? (
    <Component />
  ) : (
    <RequireLogin path={route.path}>
      <Component />
    </RequireLogin>
  );
}

/**
 * Renders the route table. Routes outside the main layout match first; everything else renders
 * inside one persistent MainLayout (the header is not re-mounted between screens), with the
 * 404 page as the last resort.
 */
export function AppRoutes({ routes, examSiteUrl }: { routes: readonly AppRoute[]; examSiteUrl: string }) {
  const [location] = useLocation();
  // A new screen starts at the top, as a new page would. (Braces matter: newer browsers return a
  // Promise from scrollTo, which React would take for the effect's cleanup function.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  const bare = routes.filter((r) => r.layout === 'none');
  const inLayout = routes.filter((r) => r.layout !== 'none');
  return (
    <>
      <TitleAnnouncer path={location} />
      <Switch>
        {bare.map((r) => (
          <Route key={r.path} path={r.path}>
            <Suspense fallback={<Loading />}>
              <Screen route={r} />
            </Suspense>
          </Route>
        ))}
        <Route>
          <MainLayout examSiteUrl={examSiteUrl}>
            <Suspense fallback={<Loading />}>
              <Switch>
                {inLayout.map((r) => (
                  <Route key={r.path} path={r.path}>
                    <Screen route={r} />
                  </Route>
                ))}
                <Route>
                  <NotFound />
                </Route>
              </Switch>
            </Suspense>
          </MainLayout>
        </Route>
      </Switch>
    </>
  );
}

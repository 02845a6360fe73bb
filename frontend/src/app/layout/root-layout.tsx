import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CrashBoundary } from '@/components/crash-screen';
import { Loading } from '@/components/loading';
import { Toaster } from '@/components/toaster';
import { useNavigationState } from '../browser-router';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollRestoration } from './scroll-restoration';
import { SessionWatcher } from './session-watcher';

/** A thin bar while a lazy route loads. */
function NavigationProgress() {
  if (!useNavigationState().pending) return null;
  return <progress className="progress progress-primary fixed top-0 left-0 z-50 h-1 w-full" aria-label="Loading page" />;
}

export function RootLayout() {
  const { key } = useLocation();
  const { preventScrollReset } = useNavigationState();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:btn">
        Skip to content
      </a>
      <SessionWatcher />
      <NavigationProgress />
      <Navbar />
      <main id="main" className="flex-1">
        {/* A page's first load shows Loading a screen high, so the footer stays below the fold. */}
        <Suspense fallback={<Loading fill />}>
          {/* A crashing page keeps the navbar and footer; the next address renders again. */}
          <CrashBoundary resetKey={key}>
            <Outlet />
          </CrashBoundary>
          <ScrollRestoration preventScrollReset={preventScrollReset} />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}

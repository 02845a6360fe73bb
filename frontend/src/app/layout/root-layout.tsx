import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Toaster } from '@/components/toaster';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { SessionWatcher } from './session-watcher';

/** A thin bar while a lazy route loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <progress className="progress progress-primary fixed top-0 left-0 z-50 h-1 w-full" aria-label="Loading page" />;
}

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:btn">
        Skip to content
      </a>
      <SessionWatcher />
      <NavigationProgress />
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}

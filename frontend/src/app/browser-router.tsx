import { createContext, useContext, useLayoutEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
  type Navigator,
} from 'react-router';
import { markAddressRendered } from '@/lib/navigation';
import { rememberScrollPosition } from './layout/scroll-restoration';

/** The navigate() options this router honours (react-router's data router names). */
interface Options {
  /** Render the new address at once, not in a transition (a clicked filter shows its state). */
  flushSync?: boolean;
  /** Keep the scroll position (a filter change), instead of starting the next page at the top. */
  preventScrollReset?: boolean;
}

interface NavigationState {
  /** The next address is still rendering (its lazy page may be loading). */
  pending: boolean;
  /** The address on screen asked to keep the scroll position. */
  preventScrollReset: boolean;
}

const Navigation = createContext<NavigationState>({ pending: false, preventScrollReset: false });

export const useNavigationState = () => useContext(Navigation);

function createHistory() {
  const history = createBrowserHistory({ window, v5Compat: true });
  let next: Options = {};
  const navigator: Navigator = {
    createHref: history.createHref,
    createURL: history.createURL,
    encodeLocation: history.encodeLocation,
    go: history.go,
    push(to, state, options?: Options) {
      next = options ?? {};
      history.push(to, state);
    },
    replace(to, state, options?: Options) {
      next = options ?? {};
      history.replace(to, state);
    },
  };
  /** The options of the navigation being handled (none for back and forward). */
  const takeOptions = () => {
    const options = next;
    next = {};
    return options;
  };
  return { history, navigator, takeOptions };
}

interface Shown {
  action: NavigationType;
  location: Location;
  preventScrollReset: boolean;
}

/**
 * The app's router: react-router's declarative mode over the browser's history, as its
 * <BrowserRouter> is, but each new address is rendered in a transition of our own. React keeps
 * the current page on screen while the next page's lazy chunk loads, and `pending` is true
 * meanwhile (the root layout's loading bar). The data router (createBrowserRouter, which did this
 * through useNavigation) is 17 KB gzip more of main.js (issue 14).
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [{ history, navigator, takeOptions }] = useState(createHistory);
  const [shown, setShown] = useState<Shown>(() => ({
    action: history.action,
    location: history.location,
    preventScrollReset: false,
  }));
  const [pending, startTransition] = useTransition();
  const rendered = useRef(shown.location.key);

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const { flushSync = false, preventScrollReset = false } = takeOptions();
        // The page being left, as it was scrolled when the visitor navigated.
        rememberScrollPosition(rendered.current);
        const next = { action, location, preventScrollReset };
        if (flushSync) setShown(next);
        else startTransition(() => setShown(next));
      }),
    [history, takeOptions],
  );

  useLayoutEffect(() => {
    rendered.current = shown.location.key;
    markAddressRendered();
  }, [shown]);

  return (
    <Navigation value={{ pending, preventScrollReset: shown.preventScrollReset }}>
      <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
        {children}
      </Router>
    </Navigation>
  );
}

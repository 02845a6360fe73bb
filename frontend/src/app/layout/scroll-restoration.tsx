import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** react-router's own key: positions saved by its <ScrollRestoration> before still count. */
const STORAGE_KEY = 'react-router-scroll-positions';

let positions: Record<string, number> | null = null;

/**
 * How far the page is scrolled, as last seen by a scroll event. Reading window.scrollY when a
 * navigation starts would make the browser lay out the page there and then: right after a render
 * (a page rewriting its address in an effect) that is a whole layout thrown away (70 ms on
 * /products here, 275 ms at Lighthouse's 4x CPU).
 */
let scrolledTo = 0;
const onScroll = () => {
  scrolledTo = window.scrollY;
};

function saved(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

/** Remembers how far the page of the history entry `key` is scrolled (the router calls it when leaving). */
export function rememberScrollPosition(key: string): void {
  saved()[key] = scrolledTo;
}

/**
 * What react-router's <ScrollRestoration> does in a data router: each page the router renders is
 * scrolled back to where the visitor left it (back, forward, reload), else to its #hash, else to
 * the top (unless the navigation asked to keep the position: a filter change). Rendered beside
 * the page, inside its Suspense boundary, so it runs once the page itself is on screen (not its
 * Loading fallback).
 */
export function ScrollRestoration({ preventScrollReset = false }: { preventScrollReset?: boolean }) {
  const location = useLocation();
  const shown = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', onScroll, { passive: true });
    const onPageHide = () => {
      rememberScrollPosition(shown.current);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved()));
      } catch {
        // No session storage: positions are not kept across a reload.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    shown.current = location.key;
    const y = saved()[location.key];
    if (typeof y === 'number') {
      window.scrollTo(0, y);
      scrolledTo = y;
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable element id: the top, then.
      }
    }
    if (preventScrollReset) return;
    window.scrollTo(0, 0);
    scrolledTo = 0;
  }, [location, preventScrollReset]);

  return null;
}

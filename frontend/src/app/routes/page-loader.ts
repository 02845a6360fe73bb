import type { AppDispatch } from '@/lib/hooks';

/** Where a page is: its route parameters and the address's search. */
export interface PageAddress {
  params: Record<string, string | undefined>;
  search: string;
}

/**
 * A page module's `load`: its first API reads, started before its first render on the page a
 * visitor lands on (main.tsx, router.tsx's loadRoute), so that it renders with its data instead
 * of Loading first (the boot script has usually fetched the answers already:
 * app/boot/landing-pages.ts names the same reads). Answers the reads' promises.
 */
export type PageLoader = (dispatch: AppDispatch, at: PageAddress) => PromiseLike<unknown>[];

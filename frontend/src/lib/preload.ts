/**
 * Route preloading on intent. The router registers how to preload a path; links call
 * `preloadPath` on hover, focus or touch so the lazy chunk is fetched before the click.
 */
type Preloader = (to: string) => void;

let preloader: Preloader = () => {};

export function registerPreloader(fn: Preloader): void {
  preloader = fn;
}

export function preloadPath(to: string): void {
  try {
    preloader(to);
  } catch {
    // Preloading is an optimisation only.
  }
}

import { useId, useSyncExternalStore } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { selectTheme, themeChanged } from '@/lib/theme/theme-slice';
import { CHOOSABLE_THEMES, isTheme } from '@/lib/theme/themes';

const label = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

const subscribeToNothing = () => () => {};

/**
 * False in a render made outside the browser (the build's prerender of the layout, which the
 * server's first views reuse) and in the render that takes it over, true in the browser's own.
 */
function useRenderedInBrowser(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * A select of the 28 offered themes; the choice is stored locally. The prerendered layout does
 * not know the stored theme: there the box shows no theme (disabled) until the app renders it,
 * rather than "Light" for a visitor who chose another.
 */
export function ThemeChooser({ className = '' }: { className?: string }) {
  const id = useId();
  const stored = useAppSelector(selectTheme);
  const inBrowser = useRenderedInBrowser();
  const dispatch = useAppDispatch();
  const theme = inBrowser ? stored : '';
  let options: readonly string[] = CHOOSABLE_THEMES.includes(stored) ? CHOOSABLE_THEMES : [stored, ...CHOOSABLE_THEMES];
  if (!inBrowser) options = [''];
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm">
        Theme
      </label>
      <select
        id={id}
        className="select select-sm w-36"
        value={theme}
        disabled={!inBrowser}
        onChange={(e) => {
          if (isTheme(e.target.value)) dispatch(themeChanged(e.target.value));
        }}
      >
        {options.map((t) => (
          <option key={t} value={t}>
            {t ? label(t) : '…'}
          </option>
        ))}
      </select>
    </div>
  );
}

import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { selectTheme, themeChanged } from '@/lib/theme/theme-slice';
import { CHOOSABLE_THEMES, isTheme } from '@/lib/theme/themes';

const label = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** A select of the 28 offered themes; the choice is stored locally. */
export function ThemeChooser({ className = '' }: { className?: string }) {
  const id = useId();
  const theme = useAppSelector(selectTheme);
  const dispatch = useAppDispatch();
  const options = CHOOSABLE_THEMES.includes(theme) ? CHOOSABLE_THEMES : [theme, ...CHOOSABLE_THEMES];
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm">
        Theme
      </label>
      <select
        id={id}
        className="select select-sm w-36"
        value={theme}
        onChange={(e) => {
          if (isTheme(e.target.value)) dispatch(themeChanged(e.target.value));
        }}
      >
        {options.map((t) => (
          <option key={t} value={t}>
            {label(t)}
          </option>
        ))}
      </select>
    </div>
  );
}

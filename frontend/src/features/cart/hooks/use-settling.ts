import { useEffect, useRef, useState } from 'react';

/**
 * True for `ms` after `value` last changed (not on the first render): the cart's settling
 * period, during which the checkout waits for the cart and its quote to catch up.
 */
export function useSettling(value: string, ms: number): boolean {
  const [settling, setSettling] = useState(false);
  const first = useRef(value);
  useEffect(() => {
    if (value === first.current) return undefined;
    first.current = value;
    setSettling(true);
    const timer = setTimeout(() => setSettling(false), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settling;
}

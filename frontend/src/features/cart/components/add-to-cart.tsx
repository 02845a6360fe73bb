import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '@/components/app-link';
import { loginPath } from '@/lib/paths';
import { useSignedIn } from '@/lib/session/use-signed-in';

/** Why the add buttons do nothing yet: the cart arrives with the cart issue. */
export const CART_COMING_SOON = 'Cart coming soon';

type ButtonSize = 'sm' | 'md';

/** One add button: its label, and `disabled` for a real reason (no stock, no variant chosen). */
export interface CartChoice {
  label: string;
  disabled?: boolean;
}

/**
 * An add-to-cart button. It renders by the catalogue rules but is not wired to the cart yet:
 * it stays focusable, says it is unavailable (aria-disabled) and why (its description).
 * `disabled` is for the real reasons (no stock, no variant chosen).
 */
export function CartButton({ label, disabled = false, size = 'sm' }: CartChoice & { size?: ButtonSize }) {
  if (disabled) {
    return (
      <button type="button" className={`btn btn-${size}`} disabled>
        {label}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`btn btn-primary btn-${size} cursor-not-allowed`}
      aria-disabled="true"
      title={CART_COMING_SOON}
      aria-description={CART_COMING_SOON}
      onClick={(e) => e.preventDefault()}
    >
      {label}
    </button>
  );
}

export function CartComingSoonNote() {
  return <p className="w-full text-xs">{CART_COMING_SOON}</p>;
}

/** The signed-out prompt: a sign-in link that comes back here afterwards. */
export function SignInPrompt({ text = 'Sign in to add to cart' }: { text?: string }) {
  const { pathname, search } = useLocation();
  return (
    <AppLink to={loginPath(`${pathname}${search}`)} className="link link-primary text-sm">
      {text}
    </AppLink>
  );
}

/**
 * The cart's part of a card or detail page. Signed in: the add buttons, plus the coming-soon
 * note while any of them is enabled. Signed out: `signedOut`, by default the sign-in prompt.
 */
export function AddToCart({
  buttons,
  size,
  signedOut = <SignInPrompt />,
}: {
  buttons: CartChoice[];
  size?: ButtonSize;
  signedOut?: ReactNode;
}) {
  const signedIn = useSignedIn();
  if (!signedIn) return signedOut;
  return (
    <>
      {buttons.map((b) => (
        <CartButton key={b.label} label={b.label} disabled={b.disabled} size={size} />
      ))}
      {buttons.some((b) => !b.disabled) && <CartComingSoonNote />}
    </>
  );
}

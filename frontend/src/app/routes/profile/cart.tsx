import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { Page } from '@/components/page';
import { CartCheckout } from '@/features/cart/components/cart-checkout';
import { TermsModal } from '@/features/profile/components/terms-modal';

/** /profile/cart/{cartId}: the cart with its checkout; the terms message opens the profile's terms modal. */
export default function CartPage() {
  const { cartId = '' } = useParams();
  const [termsOpen, setTermsOpen] = useState(false);
  const closeTerms = useCallback(() => setTermsOpen(false), []);
  return (
    <Page title="Your Cart" wide>
      <CartCheckout cartId={cartId} onAcceptTerms={() => setTermsOpen(true)} />
      <TermsModal open={termsOpen} onClose={closeTerms} />
    </Page>
  );
}

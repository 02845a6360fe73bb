import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Loading } from '@/components/loading';
import { Page } from '@/components/page';
import { useAppSelector } from '@/lib/hooks';
import { ORDER_PARAM } from '@/lib/orders';
import { selectCartId } from '@/lib/session/session-slice';
import { CartCard } from '@/features/cart/components/cart-card';
import { OrderHistory } from '@/features/orders/components/order-history';
import { useGetProfileQuery } from '@/features/profile/api/profile-api';
import { ProfileCard, ProfileLoadError } from '@/features/profile/components/profile-card';
import { TermsModal } from '@/features/profile/components/terms-modal';

/**
 * /profile: "Your Account". The profile card, the cart card with the embedded cart and
 * checkout (whose terms message opens the profile's terms modal), and the order history.
 */
export default function ProfilePage() {
  const cartId = useAppSelector(selectCartId);
  // The order a link names (the success page's "View order ... in your order history").
  const [search] = useSearchParams();
  const { data: profile, error, isLoading } = useGetProfileQuery();
  const [termsOpen, setTermsOpen] = useState(false);
  const closeTerms = useCallback(() => setTermsOpen(false), []);

  let body;
  if (isLoading) body = <Loading label="Loading profile..." />;
  else if (error || !profile) body = <ProfileLoadError error={error} />;
  else {
    body = (
      <div className="space-y-8">
        <ProfileCard profile={profile} />
        <CartCard cartId={cartId} onAcceptTerms={() => setTermsOpen(true)} />
        <section aria-labelledby="orders-title" className="card bg-base-100 shadow-sm">
          <div className="card-body">
            <h2 id="orders-title" className="card-title">
              Your Orders
            </h2>
            <OrderHistory initialOpen={search.get(ORDER_PARAM)} />
          </div>
        </section>
      </div>
    );
  }
  return (
    <Page title="Your Account" wide>
      {body}
      <TermsModal open={termsOpen} onClose={closeTerms} />
    </Page>
  );
}

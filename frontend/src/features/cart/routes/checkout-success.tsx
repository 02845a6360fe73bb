import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { ORDER_PARAM, orderNumber } from '@/lib/orders';
import { paths } from '@/lib/paths';
import { OwedUnitsNotice } from '../components/owed-units-notice';

/**
 * /profile/cart/{cartId}/success?order={id}: where a completed purchase lands. Names the order
 * by the number the order history shows, with a link that opens it there.
 */
export default function CheckoutSuccess() {
  const [search] = useSearchParams();
  const orderId = search.get(ORDER_PARAM);
  const number = orderId ? orderNumber(orderId) : null;
  return (
    <Page title="Payment Successful!" lead="Thank you for your purchase. Your transaction was successful.">
      {orderId && number && (
        <div className="mb-6 space-y-2">
          <p className="text-lg">
            Your order number is <strong className="font-mono">{number}</strong>.
          </p>
          <OwedUnitsNotice orderId={orderId} />
          <AppLink to={paths.profile.getHref(`?${ORDER_PARAM}=${encodeURIComponent(orderId)}`)} className="link link-primary">
            View order {number} in your order history
          </AppLink>
        </div>
      )}
      <AppLink to={paths.home.getHref()} className="btn btn-primary">
        Back to the homepage
      </AppLink>
    </Page>
  );
}

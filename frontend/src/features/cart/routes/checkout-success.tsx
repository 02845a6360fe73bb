import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { paths } from '@/lib/paths';

/** /profile/cart/{cartId}/success: where a completed purchase lands. */
export default function CheckoutSuccess() {
  return (
    <Page title="Payment Successful!" lead="Thank you for your purchase. Your transaction was successful.">
      <AppLink to={paths.home.getHref()} className="btn btn-primary">
        Back to the homepage
      </AppLink>
    </Page>
  );
}

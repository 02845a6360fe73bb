import { AppLink } from '@/components/app-link';
import { Page, Prose } from '@/components/page';
import { SHOP_PHONE, SHOP_PHONE_HREF } from '@/lib/constants';
import { paths } from '@/lib/paths';

export default function CustomerService() {
  return (
    <Page title="Customer Service" lead="Orders, deliveries and returns.">
      <Prose>
        <h2>Orders</h2>
        <p>
          You can follow each order from your account. Orders are prepared within two business days; in the weeks before
          July 4 allow a few more days.
        </p>
        <h2>Deliveries</h2>
        <p>
          A freight carrier calls ahead to book a delivery window. Someone 21 or older must sign for the shipment. See{' '}
          <AppLink to={paths.shippingInfo.getHref()}>shipping info</AppLink> for prices and the states we ship to.
        </p>
        <h2>Damaged or missing items</h2>
        <p>
          Note any visible damage on the carrier's delivery receipt and send us photos within 48 hours. We replace or
          refund damaged items.
        </p>
        <h2>Returns</h2>
        <p>
          Because fireworks are hazardous materials, unopened cases can be returned only by arrangement with us. Apparel
          can be returned unworn within 30 days.
        </p>
        <p>
          Still need help? Call <a href={SHOP_PHONE_HREF}>{SHOP_PHONE}</a> or <AppLink to={paths.contactUs.getHref()}>contact us</AppLink>.
        </p>
      </Prose>
    </Page>
  );
}

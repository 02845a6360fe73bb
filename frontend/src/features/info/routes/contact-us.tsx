import { Page, Prose } from '@/components/page';
import { SHOP_EMAIL, SHOP_LOCATION, SHOP_PHONE, SHOP_PHONE_HREF } from '@/lib/constants';

export default function ContactUs() {
  return (
    <Page title="Contact Us" lead="Questions about an order, a product or a show? We are glad to help.">
      <Prose>
        <h2>Phone</h2>
        <p>
          Call <a href={SHOP_PHONE_HREF}>{SHOP_PHONE}</a>, Monday to Friday, 9 am to 5 pm Central Time. From mid-June to
          July 4 and from mid-December to January 1 we also answer on Saturdays.
        </p>
        <h2>Email</h2>
        <p>
          Write to <a href={`mailto:${SHOP_EMAIL}`}>{SHOP_EMAIL}</a>. Include your order number if you have one; we
          answer within one business day.
        </p>
        <h2>Warehouse</h2>
        <p>{SHOP_LOCATION}. Pick-ups from the warehouse are by appointment only.</p>
      </Prose>
    </Page>
  );
}

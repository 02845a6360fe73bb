import { Page, Prose } from '@/components/page';
import { SHOP_LOCATION } from '@/lib/constants';

export default function TermsOfUse() {
  return (
    <Page title="Terms of Use" lead="Please read these terms before you order.">
      <Prose>
        <h2>1. Eligibility</h2>
        <p>You must be at least 21 years old to create an account, place an order and receive a delivery.</p>
        <h2>2. Legal use</h2>
        <p>
          You are responsible for knowing and following the federal, state and local laws where fireworks are delivered,
          stored and used. We do not ship to Alaska, Hawaii or Massachusetts.
        </p>
        <h2>3. Orders and prices</h2>
        <p>
          Prices, shipping and tax are confirmed at checkout. If your cart changes while you pay, we ask you to review the
          new total before anything is charged. We may cancel and refund an order we cannot fulfil.
        </p>
        <h2>4. Safe handling</h2>
        <p>
          Fireworks are dangerous when misused. Follow every label and our safety guide. We are not liable for injury or
          damage caused by misuse or by use against the instructions.
        </p>
        <h2>5. Shipping</h2>
        <p>Products ship as hazardous freight. Risk passes to you on delivery or terminal pick-up.</p>
        <h2>6. Governing law</h2>
        <p>These terms are governed by the laws of the State of North Dakota. Our place of business is {SHOP_LOCATION}.</p>
      </Prose>
    </Page>
  );
}

import { Page, Prose } from '@/components/page';
import { SHOP_EMAIL } from '@/lib/constants';

export default function PrivacyPolicy() {
  return (
    <Page title="Privacy Policy" lead="What we collect, why, and what you can ask us to do with it.">
      <Prose>
        <h2>What we collect</h2>
        <ul>
          <li>Account details: email address and a securely hashed password.</li>
          <li>Profile details you give us: name, date of birth, phone number, billing and shipping addresses.</li>
          <li>Orders: what you bought, amounts and delivery details. Card numbers go to our payment provider; we keep only the last four digits.</li>
        </ul>
        <h2>Why</h2>
        <p>
          To run your account, deliver your orders, meet legal age and record-keeping rules for fireworks sales, and, only
          if you agree, to send you news and offers.
        </p>
        <h2>Who we share it with</h2>
        <p>
          The freight carrier that delivers your order and the payment provider that takes your payment. We do not sell
          personal information.
        </p>
        <h2>Your choices</h2>
        <p>
          You can update your profile at any time, opt out of marketing email, and ask us for a copy of your data or its
          deletion (order records we must keep by law excepted) at {SHOP_EMAIL}.
        </p>
      </Prose>
    </Page>
  );
}

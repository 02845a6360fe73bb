import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { paths } from '@/lib/paths';

const questions: { q: string; a: React.ReactNode }[] = [
  {
    q: 'Do I need an account to order?',
    a: (
      <>
        Yes. Anyone can browse, but you need to <AppLink to={paths.register.getHref()} className="link link-primary">sign up</AppLink>{' '}
        to keep a cart and check out.
      </>
    ),
  },
  { q: 'Can I buy single items instead of whole cases?', a: 'Many products can be bought by the unit as well as by the case. The product page shows the unit price when a unit is available.' },
  {
    q: 'How much is shipping?',
    a: (
      <>
        It depends on the order type and subtotal. See <AppLink to={paths.shippingInfo.getHref()} className="link link-primary">shipping info</AppLink> for the tables.
      </>
    ),
  },
  { q: 'Which states do you ship to?', a: 'Every state except Alaska, Hawaii and Massachusetts. Local laws still apply where you fire your products.' },
  { q: 'What is a terminal pick-up?', a: "Instead of delivery to your address, you collect the shipment at the carrier's service centre near you. It is often cheaper." },
  { q: 'How old do I have to be?', a: 'You must be 21 or older to order, to sign for a delivery and to handle fireworks.' },
  { q: 'What payment methods do you take?', a: 'Major credit and debit cards, through a secure payment window. We never store your card number.' },
];

export default function Faq() {
  return (
    <Page title="FAQ" heading="Frequently asked questions">
      <div className="space-y-2">
        {questions.map(({ q, a }) => (
          <details key={q} className="collapse collapse-arrow bg-base-200">
            <summary className="collapse-title font-semibold">{q}</summary>
            <div className="collapse-content">
              <p>{a}</p>
            </div>
          </details>
        ))}
      </div>
    </Page>
  );
}

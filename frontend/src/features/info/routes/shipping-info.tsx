import { AppLink } from '@/components/app-link';
import { Loading } from '@/components/loading';
import { Page, Prose } from '@/components/page';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { stateName } from '@/lib/us-states';
import { useGetShippingRatesQuery, type ShippingTier } from '../api/shipping-api';

const tableNames = {
  retail: { title: 'Retail orders', text: 'Orders of single units only.' },
  wholesale: { title: 'Wholesale orders', text: 'Orders by the case (units under a quarter of the value).' },
  combo: { title: 'Combination orders', text: 'Orders mixing cases and a larger share of units.' },
} as const;

const cost = (amount: number) => (amount === 0 ? 'Free' : formatMoney(amount));

function TierTable({ id, tiers }: { id: keyof typeof tableNames; tiers: ShippingTier[] }) {
  const sorted = [...tiers].sort((a, b) => b.minimum - a.minimum);
  return (
    <section aria-labelledby={`table-${id}`} className="mt-8">
      <h2 id={`table-${id}`} className="text-xl font-semibold">
        {tableNames[id].title}
      </h2>
      <p className="mt-1">{tableNames[id].text}</p>
      <div className="mt-3 overflow-x-auto">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Order subtotal</th>
              <th scope="col">Delivered anywhere</th>
              <th scope="col">Pick up at a freight terminal</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((t, i) => (
              <tr key={t.minimum}>
                <th scope="row">
                  {i === sorted.length - 1 && i > 0 && t.minimum === 0
                    ? `Below ${formatMoney(sorted[i - 1].minimum)}`
                    : `${formatMoney(t.minimum)} and over`}
                </th>
                <td>{cost(t.anywhere)}</td>
                <td>{cost(t.terminal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function ShippingInfo() {
  const { data, error, isLoading } = useGetShippingRatesQuery();
  return (
    <Page title="Shipping Info" lead="Fireworks travel as hazardous freight. Here is what delivery costs and where we ship.">
      {isLoading && <Loading label="Loading shipping rates..." />}
      {error && (
        <p role="alert" className="alert alert-error">
          Error: {errorMessage(error, 'Network response was not ok')}
        </p>
      )}
      {data && (
        <>
          <Prose>
            <p>
              Shipping depends on the order type and its subtotal: the highest threshold your subtotal reaches sets
              the price. Picking up at a freight terminal near you is often cheaper than delivery to your door.
            </p>
            <ul>
              <li>Fireworks shows ship {data.showShipping === 0 ? 'free' : `for ${formatMoney(data.showShipping)}`}.</li>
              <li>Orders of apparel only ship for a flat {formatMoney(data.apparelOnlyShipping)}.</li>
              <li>
                A liftgate delivery (for addresses without a loading dock) adds {formatMoney(data.liftGateFee)}. It is
                not available when you pick up at a terminal.
              </li>
            </ul>
          </Prose>
          <TierTable id="retail" tiers={data.tables.retail} />
          <TierTable id="wholesale" tiers={data.tables.wholesale} />
          <TierTable id="combo" tiers={data.tables.combo} />
          <section aria-labelledby="not-shipped" className="mt-8">
            <h2 id="not-shipped" className="text-xl font-semibold">
              Where we don't ship
            </h2>
            <p className="mt-1">Carrier and state rules keep us from shipping fireworks to:</p>
            <ul className="mt-2 list-disc pl-6">
              {data.nonShippedStates.map((code) => (
                <li key={code}>
                  {stateName(code)} ({code})
                </li>
              ))}
            </ul>
          </section>
          <Prose>
            <h2>Sales tax</h2>
            <p>
              Sales tax is charged at the rate of the destination state (the terminal's state when you pick up at a
              terminal), once, on the order subtotal. Your cart shows the exact figure before you pay.
            </p>
            <p>
              Questions about a delivery? <AppLink to={paths.contactUs.getHref()}>Contact us</AppLink>.
            </p>
          </Prose>
        </>
      )}
    </Page>
  );
}

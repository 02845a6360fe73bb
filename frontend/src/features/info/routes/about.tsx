import { AppLink } from '@/components/app-link';
import { Page, Prose } from '@/components/page';
import { SHOP_LOCATION } from '@/lib/constants';
import { paths } from '@/lib/paths';

export default function About() {
  return (
    <Page title="About Us" lead="A family-run fireworks wholesaler and retailer on the northern plains.">
      <Prose>
        <p>
          We are based in {SHOP_LOCATION}. For years we have supplied fireworks stands, professional display teams and
          families celebrating at home. This shop brings our warehouse online: the same brands and prices our wholesale
          customers know, by the case, and many items also by the single unit.
        </p>
        <h2>What we sell</h2>
        <ul>
          <li>Consumer fireworks from dozens of brands: cakes, rockets, fountains, shells, novelties and more.</li>
          <li>Ready-made shows for the Fourth of July, New Year, weddings and gender reveals.</li>
          <li>Apparel for fans and crews.</li>
        </ul>
        <h2>How we work</h2>
        <p>
          Every product we list is one we have fired ourselves. Fireworks ship as hazardous freight, delivered to your
          door or to a carrier terminal near you; see <AppLink to={paths.shippingInfo.getHref()}>shipping info</AppLink> for
          prices. Safety comes first: read our <AppLink to={paths.fireworksSafety.getHref()}>fireworks safety</AppLink> guide
          before your show.
        </p>
      </Prose>
    </Page>
  );
}

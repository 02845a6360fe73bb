import { useLocation } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { paths } from '@/lib/paths';

const names: Record<string, string> = { products: 'Products', shows: 'Shows', apparel: 'Apparel', codyb: 'Cody B' };

/** Placeholder for the catalogue screens until the catalogue issue lands. */
export default function ComingSoon() {
  const section = useLocation().pathname.split('/')[1] ?? '';
  const name = names[section] ?? 'Catalogue';
  return (
    <Page title={`${name} - Coming soon`} heading="Coming soon" lead={`The ${name.toLowerCase()} catalogue is being stocked. Check back shortly.`}>
      <AppLink to={paths.home} className="btn btn-primary">
        Back to the home page
      </AppLink>
    </Page>
  );
}

import { paths } from '@/lib/paths';
import { AppLink } from './app-link';
import { Page } from './page';

export function NotFound() {
  return (
    <Page title="Not Found" lead="We couldn't find the page you were looking for.">
      <AppLink to={paths.home.getHref()} className="btn btn-primary">
        Back to the home page
      </AppLink>
    </Page>
  );
}

export default NotFound;

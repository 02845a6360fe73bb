import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { paths } from '@/lib/paths';
import { RegisterForm } from '../components/register-form';

export default function RegisterRoute() {
  return (
    <Page title="Sign Up" heading="Create your account" lead="An account keeps your cart, addresses and orders in one place.">
      <div className="card max-w-md bg-base-200">
        <div className="card-body">
          <RegisterForm />
          <p className="mt-2 text-sm">
            Already have an account? <AppLink to={paths.login.getHref()} className="link link-primary">Sign in</AppLink>
          </p>
        </div>
      </div>
    </Page>
  );
}

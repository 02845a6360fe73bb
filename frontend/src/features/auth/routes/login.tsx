import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { paths } from '@/lib/paths';
import { LoginForm } from '../components/login-form';

export default function LoginRoute() {
  return (
    <Page title="Sign In" lead="Welcome back. Sign in to see your cart and check out.">
      <div className="card max-w-md bg-base-200">
        <div className="card-body">
          <LoginForm />
          <p className="mt-2 text-sm">
            <AppLink to={paths.forgotPassword.getHref()} className="link link-primary">Forgot password?</AppLink>
          </p>
          <p className="text-sm">
            New here? <AppLink to={paths.register.getHref()} className="link link-primary">Create an account</AppLink>
          </p>
        </div>
      </div>
    </Page>
  );
}

import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { paths } from '@/lib/paths';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/** /user/forgot-password: a reset link by e-mail (issue 35). */
export default function ForgotPasswordRoute() {
  return (
    <Page title="Forgot Password" heading="Forgot your password?" lead="Enter your account's e-mail address and we will send it a link to set a new password.">
      <div className="card max-w-md bg-base-200">
        <div className="card-body">
          <ForgotPasswordForm />
          <p className="mt-2 text-sm">
            Remembered it? <AppLink to={paths.login.getHref()} className="link link-primary">Back to sign in</AppLink>
          </p>
        </div>
      </div>
    </Page>
  );
}

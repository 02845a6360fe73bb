import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { ResetLinkGone, ResetPasswordForm } from '../components/reset-password-form';

/** The search key of the reset mail's link (/reset-password?token=...). */
const TOKEN_PARAM = 'token';

/** /reset-password?token=...: the page a reset mail links to (issue 35). Without a token, the link is invalid. */
export default function ResetPasswordRoute() {
  const [search] = useSearchParams();
  const token = search.get(TOKEN_PARAM)?.trim() ?? '';
  return (
    <Page title="Reset Password" heading="Set a new password">
      <div className="card max-w-md bg-base-200">
        {/* Keyed by the token: another link starts afresh. */}
        <div className="card-body">{token ? <ResetPasswordForm key={token} token={token} /> : <ResetLinkGone />}</div>
      </div>
    </Page>
  );
}

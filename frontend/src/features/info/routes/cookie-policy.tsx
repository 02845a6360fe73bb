import { Page, Prose } from '@/components/page';

export default function CookiePolicy() {
  return (
    <Page title="Cookie Policy" lead="We keep this short because we store very little.">
      <Prose>
        <p>This shop does not use advertising or tracking cookies.</p>
        <h2>What your browser stores</h2>
        <ul>
          <li>Your sign-in session (a token that expires after 24 hours), in your browser's local storage, so you stay signed in.</li>
          <li>Your chosen colour theme.</li>
        </ul>
        <p>
          Both stay on your device. Signing out removes the session; clearing your browser's site data removes both. The
          payment window of our payment provider may set its own cookies needed to process a payment securely.
        </p>
      </Prose>
    </Page>
  );
}

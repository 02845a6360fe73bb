import { Page } from '@/components/page';
import { MailTable } from '../components/mail-table';

/** /admin/mail: the shop's outgoing mail (issue 35). */
export default function MailRoute() {
  return (
    <Page title="Outgoing mail" lead="Every mail the shop writes, newest first: whether it left, how many tries it took, and why the last one failed." wide>
      <MailTable />
    </Page>
  );
}

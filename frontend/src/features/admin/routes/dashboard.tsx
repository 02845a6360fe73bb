import { Page } from '@/components/page';
import { SummaryTiles } from '../components/summary-tiles';

/** /admin: the dashboard (back-office.md §2). */
export default function AdminDashboard() {
  return (
    <Page title="Admin Dashboard" heading="Dashboard" lead="Manage the catalogue, orders and users." wide>
      <SummaryTiles />
    </Page>
  );
}

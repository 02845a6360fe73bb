import { Page } from '@/components/page';

/** Placeholder admin dashboard; the back-office issues fill it in. */
export default function AdminDashboard() {
  return (
    <Page title="Admin Dashboard" heading="Dashboard" lead="Manage the catalogue, orders and users." wide />
  );
}

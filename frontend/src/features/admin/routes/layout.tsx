import { AdminLayout } from '../components/admin-layout';

/** The lazy module of the /admin layout route. */
export default AdminLayout;

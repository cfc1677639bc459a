import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import type { MenuEntry } from '../../shared/generated-contract';
import { PageGuard } from './PageGuard';
import { LaterAssistant } from './assistant/LaterAssistant';
import { ErrorPage } from '../errors/ErrorPage';
import { AppBar } from './AppBar';
import { ExtraPrivilegesToggle } from './ExtraPrivilegesToggle';
import { ImpersonateButton } from './ImpersonateDialog';
import { ImpersonationBar } from './ImpersonationBar';
import { AdminMenu, ShopMenu } from './Menus';
import { SessionPing } from '../session/ping';
import { SessionGate } from './SessionGate';
import { SidebarAutoHide } from './SidebarAutoHide';

/** The admin area's app bar: the shared one with the super admin's extra-privileges toggle and 'Act as user'. */
const AdminAppBar = () => <AppBar extra={<><ImpersonateButton /><ExtraPrivilegesToggle /></>} />;

/** What every signed-in layout carries besides its page: the acting-as bar, session upkeep, sidebar auto-hide. */
function SignedInChrome() {
  return (
    <>
      <ImpersonationBar />
      <SessionGate />
      <SessionPing />
      <SidebarAutoHide />
    </>
  );
}

/**
 * The page column may shrink below its content's width (a flex child would otherwise grow with a wide
 * table), and a list's table scrolls sideways inside its own box: a list with more columns than the
 * window is wide (an admin list on a phone, the invoices' eleven columns on a laptop) never widens
 * the whole page, so its toolbar and pagination stay in view.
 */
const CONTENT_SHRINKS = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main': { minWidth: 0 },
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
} as const;

/** The layout of the platform admin area (/ycAdmin). */
export function makeAdminLayout(entries: readonly MenuEntry[]) {
  const Menu = () => <AdminMenu entries={entries} />;
  return function AdminLayout({ children }: { children: ReactNode }) {
    return (
      <Layout appBar={AdminAppBar} menu={Menu} error={ErrorPage} sx={CONTENT_SHRINKS}>
        <SignedInChrome />
        <PageGuard area="admin">{children}</PageGuard>
      </Layout>
    );
  };
}

/** The layout of the customer shop, with the assistant icon and chat bot in the corner (core §2), a second after the page. */
export function ShopLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AppBar} menu={ShopMenu} error={ErrorPage} sx={CONTENT_SHRINKS}>
      <SignedInChrome />
      <LaterAssistant />
      <PageGuard>{children}</PageGuard>
    </Layout>
  );
}

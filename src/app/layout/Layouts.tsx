import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import type { MenuEntry } from '../../shared/generated-contract';
import { PageGuard } from '../access/PageGuard';
import { AppBar } from './AppBar';
import { AdminMenu, ShopMenu } from './Menus';
import { SessionGate } from './SessionGate';

/** The layout of the platform admin area (/ycAdmin). */
export function makeAdminLayout(entries: readonly MenuEntry[]) {
  const Menu = () => <AdminMenu entries={entries} />;
  return function AdminLayout({ children }: { children: ReactNode }) {
    return (
      <Layout appBar={AppBar} menu={Menu}>
        <SessionGate />
        {children}
      </Layout>
    );
  };
}

/** The layout of the customer shop. */
export function ShopLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AppBar} menu={ShopMenu}>
      <SessionGate />
      <PageGuard>{children}</PageGuard>
    </Layout>
  );
}

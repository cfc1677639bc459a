import { lazy, Suspense } from 'react';
import { useBasename } from 'ra-core';
import { PAGES } from '../../../generated/app/pages.gen';
import { canOpenPage } from '../../shared/page-access';
import { pageSubjectOf } from '../access/page-subject';
import { useSession } from '../bootstrap/context';
import { BasketButton } from '../features/basket/BasketButton';

const HeaderSearch = lazy(() => import('../features/marketplace/search/HeaderSearch').then((m) => ({ default: m.HeaderSearch })));

/**
 * The shop's part of the header (core §2): the product search box and the basket icon, each only
 * for a user who may open its page (a supplier's user has neither: src/shared/page-access.ts). The
 * admin area (<Admin basename="/ycAdmin">) shares the app bar and shows neither.
 */
export function ShopHeaderTools() {
  const basename = useBasename();
  const subject = pageSubjectOf(useSession());
  if (basename !== '') return null;
  const opens = (name: string) => !subject || (PAGES[name] !== undefined && canOpenPage(PAGES[name], subject) === 'ok');
  return (
    <>
      {opens('products') && (
        <Suspense fallback={null}>
          <HeaderSearch />
        </Suspense>
      )}
      {opens('transporter') && <BasketButton />}
    </>
  );
}

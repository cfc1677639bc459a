import { lazy, Suspense } from 'react';
import { useBasename } from 'ra-core';
import { BasketButton } from './basket/BasketButton';

const HeaderSearch = lazy(() => import('./search/HeaderSearch').then((m) => ({ default: m.HeaderSearch })));

/**
 * The shop's part of the header (core §2): the product search box and the basket icon. The admin
 * area (<Admin basename="/ycAdmin">) shares the app bar and shows neither.
 */
export function ShopHeaderTools() {
  if (useBasename() !== '') return null;
  return (
    <>
      <Suspense fallback={null}>
        <HeaderSearch />
      </Suspense>
      <BasketButton />
    </>
  );
}

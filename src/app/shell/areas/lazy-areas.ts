/**
 * The app's areas (App.tsx), each a lazy chunk, and what starts loading a path's code ahead of its
 * first render: the area that draws it and the page's own view. The entry calls it for the page
 * being opened (while the domain configuration loads), the sign-in callback for the page the user
 * goes on to (while the code is exchanged for tokens).
 */
import { PAGES } from '../../../../generated/app/pages.gen';
import { PAGE_VIEWS } from '../../../../generated/app/page-views.gen';
import { matchPage } from '../../../shared/page-access';
import { preloadableLazy } from '../../common/preloadable-lazy';
import { isLightPage } from '../pages/built-pages';
import { preloadPageView } from '../pages/page-routes';

export const AdminArea = preloadableLazy(() => import('./AdminArea').then((m) => m.default));
export const ShopArea = preloadableLazy(() => import('./ShopArea').then((m) => m.default));
export const LightShop = preloadableLazy(() => import('../light/LightShop').then((m) => m.default));

/**
 * Starts loading what draws `path`: the light shell or the shop's react-admin area, and the page's
 * view. The sign-in callback has its own code; the platform admin area is left to its gate, which
 * knows the user first.
 */
export function preloadPath(path: string): void {
  if (!path.startsWith('/') || path.startsWith('//') || /^\/(redirect|ycAdmin)(\/|$|\?)/.test(path)) return;
  const page = matchPage(PAGES, path);
  void (page && isLightPage(page) ? LightShop : ShopArea).preload().catch(() => undefined);
  if (page && page.name in PAGE_VIEWS) preloadPageView(page.name);
}

/**
 * The app's areas (App.tsx), each a lazy chunk, and what loads a path's code and texts ahead of its
 * first render: the area that draws it, the page's own view and the admin tier of the texts. The
 * entry calls it for the page being opened (the code while the domain configuration loads, the
 * texts before the first render), the sign-in callback for the page the user goes on to (once the
 * code is exchanged for tokens, before it goes there).
 */
import { PAGES } from '../../../../generated/app/pages.gen';
import { matchPage } from '../../../shared/page-access';
import { preloadableLazy } from '../../common/preloadable-lazy';
import type { AppI18n } from '../../i18n';
import { isLightPage } from '../pages/built-pages';
import { preloadPageView } from '../pages/page-routes';

export const AdminArea = preloadableLazy(() => import('./AdminArea').then((m) => m.default));
export const ShopArea = preloadableLazy(() => import('./ShopArea').then((m) => m.default));
export const LightShop = preloadableLazy(() => import('../light/LightShop').then((m) => m.default));

/**
 * Starts loading what draws `path`: the light shell or the shop's react-admin area, the page's view
 * and, once the app's texts exist (`i18n`), the admin tier of the texts (adminTextsFor). Resolves
 * when all of it is in, or failed: the page then loads it itself and shows why. The sign-in callback
 * has its own code; the platform admin area's code is left to its gate, which knows the user first.
 */
export function preloadPath(path: string, i18n?: Pick<AppI18n, 'loadAdminTexts'>): Promise<void> {
  if (!path.startsWith('/') || path.startsWith('//') || /^\/redirect(\/|$|\?)/.test(path)) return Promise.resolve();
  const { page, light } = pageOf(path);
  const loads = i18n && !light ? [texts(i18n)] : [];
  if (!/^\/ycAdmin(\/|$|\?)/.test(path)) {
    loads.push((light ? LightShop : ShopArea).preload().then(() => undefined, () => undefined));
    if (page) loads.push(preloadPageView(page.name));
  }
  return Promise.all(loads).then(() => undefined);
}

/**
 * Loads the admin tier of the texts when `path` is drawn by a react-admin area (not a light page),
 * which suspends until that tier is in (areas/use-ra-services.ts). React reveals what a suspended
 * first render's fallback stood for no sooner than 300 ms after the fallback appeared: on a reload
 * of the dashboard the main thread stood idle for those 300 ms (issue 29). Asked for before the
 * area's first render, the tier is there and nothing suspends. Never rejects.
 */
export function adminTextsFor(path: string, i18n: Pick<AppI18n, 'loadAdminTexts'>): Promise<void> {
  return pageOf(path).light ? Promise.resolve() : texts(i18n);
}

const texts = (i18n: Pick<AppI18n, 'loadAdminTexts'>) => i18n.loadAdminTexts().catch(() => undefined);

/** The model's page a path shows, and whether the light shell draws it (else a react-admin area does). */
function pageOf(path: string) {
  const page = matchPage(PAGES, path);
  return { page, light: !!page && isLightPage(page) };
}

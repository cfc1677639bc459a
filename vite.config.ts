import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { compressAssetsPlugin } from './scripts/compress-assets';

/**
 * The single-page app only (tests are configured in vitest.config.ts). The server serves dist/app and
 * answers every unknown path with index.html, so real URLs work (DESIGN §3). In development Vite
 * forwards the API and the identity provider to the server (`server` below).
 */
/**
 * react-router's production build. Its package resolves every import to its development build (its
 * dev warnings on, about 15 KB gzip more on every page; remix-run/react-router issues 12532, 14102),
 * so the app's build names the production files itself; both entries, so the router stays one module.
 */
export const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

/**
 * ra-core's react-router adapter, replaced by src/app/vendor/ra-router-provider.ts (why: there). ra-core
 * imports it by a relative path, which an alias cannot catch, so this resolves the import first and
 * swaps the file it lands on.
 */
export const RA_ROUTER_ADAPTER = 'ra-core/dist/routing/adapters/reactRouterProvider.js';
export function raRouterAdapterPlugin(): Plugin {
  const standIn = fileURLToPath(new URL('./src/app/vendor/ra-router-provider.ts', import.meta.url));
  return {
    name: 'ra-router-adapter',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/reactRouterProvider.js') || !importer?.includes('ra-core')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && resolved.id.replace(/\\/g, '/').endsWith(RA_ROUTER_ADAPTER) ? standIn : null;
    },
  };
}

/**
 * react-router's production build wraps <Link>, <NavLink>, <Form> in React.forwardRef and its data
 * routes in React.memo without marking the calls pure, so the bundler keeps every one of them (and
 * <Form>'s submission code) although the app renders only <Link>. Marking those calls pure, as React
 * components are, lets the unused ones go (about 1.5 KB gzip on every page).
 */
export function reactRouterPureComponentsPlugin(): Plugin {
  return {
    name: 'react-router-pure-components',
    apply: 'build',
    transform: {
      filter: { id: /react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/ },
      handler(code) {
        const wrapped = new Set<string>();
        let marked = code.replace(/var (\w+) = (React\d*\.(?:forwardRef|memo))\(/g, (_, name: string, call: string) => {
          wrapped.add(name);
          return `var ${name} = /* @__PURE__ */ ${call}(`;
        });
        // A name given to a wrapped component would keep it: the names only serve React's developer tools.
        marked = marked.replace(/^(\w+)\.displayName = "[^"]*";$/gm, (line, name: string) => (wrapped.has(name) ? '' : line));
        return marked === code ? null : { code: marked, map: null };
      },
    },
  };
}

/** MUI's spinner and menu rows, by their files' paths inside @mui/material (see build.rolldownOptions). */
export const SHOP_MUI = /node_modules[\\/]@mui[\\/]material[\\/](esm[\\/])?(CircularProgress|ListItemButton)[\\/]/;

/** The chunks of the shop pages buyers open first (scripts/bundle-budget.ts ROUTES), whose files still preload together. */
const SHOP_FIRST_PAGES = /(^|\/)(LightShop|ProductsPage|ProductPage|HeaderSearch|HomePage|browser)-[\w-]+\.js$/;

export default defineConfig(({ command }) => ({
  // compressAssetsPlugin: .br/.gz copies of the built files, which the server sends as they are.
  plugins: [react(), raRouterAdapterPlugin(), reactRouterPureComponentsPlugin(), compressAssetsPlugin()],
  root: '.',
  resolve: {
    alias: [
      // qs (through instantsearch.js) on WeakMap and Map instead of side-channel's polyfill machinery:
      // about 7 KB gzip less on the marketplace (issue 4). Why it is faithful: src/app/vendor/side-channel.ts.
      { find: 'side-channel', replacement: fileURLToPath(new URL('./src/app/vendor/side-channel.ts', import.meta.url)) },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/bundle-budget.ts walks the import graph of the shop's routes from it.
    manifest: true,
    // The marketplace's spinner and menu rows are shared with many lazy pages: left to itself the
    // bundler cut them into small chunks of their own, which cost /products about 3 KB gzip more than
    // one chunk holding both (issue 4's 300 KB budget, scripts/bundle-budget.ts).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shop-mui', test: SHOP_MUI }] } } },
    // react-admin alone is ~280 KB gzip; admin screens are lazy chunks already (ADMIN_SCREENS[].load).
    chunkSizeWarningLimit: 1500,
    // Where code loads a lazy chunk, the bundler lists the files that chunk needs so the browser asks
    // for them at once (modulepreload); the entry held that list for every page of the app (3.7 KB
    // gzip of file names, on every page's first load). The shop pages buyers open first keep it;
    // other pages fetch their files as their chunk names them (one round trip more on a page change).
    modulePreload: { resolveDependencies: (file, deps, { hostType }) => (hostType === 'html' || SHOP_FIRST_PAGES.test(file) ? deps : []) },
  },
  // `npm run dev` (scripts/dev.ts): the app on VITE_PORT with hot reload, the API and the identity
  // provider forwarded to the server on PORT. The Host header is kept (the server reads the tenant from
  // it); the port is strict because the server hands out this origin as its own (PUBLIC_URL).
  server: {
    port: Number(process.env.VITE_PORT) || 5173,
    strictPort: true,
    // The object form: Vite's string shorthand rewrites Host to the target's (changeOrigin), and every
    // tenant would then be answered as the development tenant.
    proxy: {
      '/api': { target: `http://127.0.0.1:${Number(process.env.PORT) || 3000}`, changeOrigin: false },
      '/oidc': { target: `http://127.0.0.1:${Number(process.env.PORT) || 3000}`, changeOrigin: false },
    },
  },
}));

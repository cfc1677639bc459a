/**
 * Startup (core §1): fetch the tenant's domain configuration for this hostname (defaults and a
 * warning when that fails), name the page after the tenant, create the core services, render.
 * react-admin is no part of this first load: its areas are lazy chunks (App.tsx).
 *
 * The page's own code (its area and view) starts loading while the domain configuration is fetched;
 * a react-admin area's texts are loaded before the first render (shell/areas/lazy-areas).
 * On /redirect, the OIDC callback, the sign-in is finished before the first render: the callback's
 * code (with the sign-in library) loads meanwhile, and the code is exchanged for tokens as soon as
 * the services exist (shell/pages/CallbackPage).
 */
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, CallbackPage } from './App';
import { createCoreServices } from './bootstrap/core';
import { loadDomainConfig } from './bootstrap/domain';
import { adminTextsFor, preloadPath } from './shell/areas/lazy-areas';

async function start(): Promise<void> {
  const callback = location.pathname === '/redirect' ? CallbackPage.preload().then(() => import('./shell/pages/CallbackPage')) : null;
  if (!callback) void preloadPath(location.pathname);
  const domainResult = await loadDomainConfig();
  document.title = domainResult.domain.name;
  const services = await createCoreServices(domainResult);
  // A react-admin area's first render waits for the admin tier of the texts: in before it, it suspends nothing.
  if (!callback) await adminTextsFor(location.pathname, services.i18n);
  void callback?.then(({ finishSignIn }) => finishSignIn(services)).catch(() => undefined);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}

void start();

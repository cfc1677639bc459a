/**
 * Startup (core §1): fetch the tenant's domain configuration for this hostname (defaults and a
 * warning when that fails), name the page after the tenant, create the shared services, render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadDomainConfig } from './bootstrap/domain';
import { createServices } from './bootstrap/services';

async function start(): Promise<void> {
  const domainResult = await loadDomainConfig();
  document.title = domainResult.domain.name;
  const services = await createServices(domainResult);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}

void start();

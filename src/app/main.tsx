/**
 * Startup (core §1): fetch the tenant's domain configuration for this hostname (defaults and a
 * warning when that fails), name the page after the tenant, create the core services, render.
 * react-admin is no part of this first load: its areas are lazy chunks (App.tsx).
 */
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createCoreServices } from './bootstrap/core';
import { loadDomainConfig } from './bootstrap/domain';

async function start(): Promise<void> {
  const domainResult = await loadDomainConfig();
  document.title = domainResult.domain.name;
  const services = await createCoreServices(domainResult);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}

void start();

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useInRouterContext, useLocation } from 'react-router';
import { reactRouterProvider as raCoreAdapter } from 'ra-core';
import { reactRouterProvider as standIn } from '../../src/app/vendor/ra-router-provider';

/**
 * src/app/vendor/ra-router-provider.ts replaces ra-core's react-router adapter in the build
 * (vite.config.ts), so that react-router's data router stays out of every page's first load. It must
 * hand react-admin the same hooks and components, and route the same inside the app's router.
 */
describe("the stand-in for ra-core's react-router adapter", () => {
  it("offers exactly ra-core's members, react-router's own where ra-core passes them on", () => {
    expect(Object.keys(standIn).sort()).toEqual(Object.keys(raCoreAdapter).sort());
    const ownInBoth = new Set(['useNavigate', 'useCanBlock', 'RouterWrapper']);
    for (const key of Object.keys(raCoreAdapter) as (keyof typeof raCoreAdapter)[]) {
      if (!ownInBoth.has(key)) expect(standIn[key], key).toBe(raCoreAdapter[key]);
    }
  });

  it("draws react-admin inside the app's router as it is, under that router's location", () => {
    function Where() {
      return <p>{useLocation().pathname}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/ycAdmin/users']}>
        <standIn.RouterWrapper basename="/ycAdmin">
          <Where />
        </standIn.RouterWrapper>
      </MemoryRouter>,
    );
    expect(screen.getByText('/ycAdmin/users')).toBeTruthy();
  });

  it('gives react-admin a router of its own when it is mounted outside one', () => {
    function InRouter() {
      return <p>{useInRouterContext() ? 'routed' : 'bare'}</p>;
    }
    render(
      <standIn.RouterWrapper>
        <InRouter />
      </standIn.RouterWrapper>,
    );
    expect(screen.getByText('routed')).toBeTruthy();
  });

  it('keeps a navigate function that is the same across renders and reports no blocking outside a data router', () => {
    const seen: unknown[] = [];
    let canBlock: boolean | undefined;
    function Probe() {
      seen.push(standIn.useNavigate());
      canBlock = standIn.useCanBlock();
      return null;
    }
    const { rerender } = render(<MemoryRouter><Probe /></MemoryRouter>);
    rerender(<MemoryRouter><Probe /></MemoryRouter>);
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(1);
    expect(canBlock).toBe(false);
  });
});

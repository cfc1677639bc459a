import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { areaOf } from '../../src/app/App';
import { RouterShell } from '../../src/app/areas/RouterShell';
import { lightPageOf } from '../../src/app/light/light-page';
import { AppLink, useAppLocation, useAppNavigate } from '../../src/app/navigation/context';
import { navigateBrowser } from '../../src/app/navigation/history';

function Where({ label = 'path' }: { label?: string }) {
  const { pathname, search, state } = useAppLocation();
  return <output aria-label={label}>{`${pathname}${search}|${JSON.stringify(state)}`}</output>;
}

describe('which part of the app a path opens', () => {
  it('sends /products and its articles to the light shop, /ycAdmin to the admin area, /redirect to the callback', () => {
    expect(areaOf('/products')).toBe('light');
    expect(areaOf('/products/art-1')).toBe('light');
    expect(areaOf('/Products')).toBe('light'); // react-router's matching ignores case; so does this
    expect(areaOf('/productsx')).toBe('shop');
    expect(areaOf('/ycAdmin/users')).toBe('admin');
    expect(areaOf('/redirect')).toBe('callback');
    expect(areaOf('/orders')).toBe('shop');
    expect(areaOf('/')).toBe('shop');
  });

  it('reads the light page from the path, and 404 for anything deeper or malformed', () => {
    expect(lightPageOf('/products')).toEqual({ page: 'products' });
    expect(lightPageOf('/products/')).toEqual({ page: 'products' });
    expect(lightPageOf('/products/a%20b')).toEqual({ page: 'product', id: 'a b' });
    expect(lightPageOf('/products/a/b')).toEqual({ page: 'notFound' });
    expect(lightPageOf('/products/%E0')).toEqual({ page: 'notFound' });
  });
});

describe('browser-history navigation (the light shop)', () => {
  it("writes react-router's history.state shape, so a react-admin area mounted later reads the state", () => {
    window.history.replaceState({ usr: null, key: 'a', idx: 3 }, '', '/products');
    render(<Where />);
    act(() => navigateBrowser('/login', { state: { nextPathname: '/products' } }));
    expect(window.location.pathname).toBe('/login');
    expect(window.history.state).toMatchObject({ usr: { nextPathname: '/products' }, idx: 4 });
    expect(screen.getByLabelText('path')).toHaveTextContent('/login|{"nextPathname":"/products"}');
    act(() => navigateBrowser('/products?search=pen', { replace: true }));
    expect(window.history.state).toMatchObject({ usr: null, idx: 4 });
    expect(screen.getByLabelText('path')).toHaveTextContent('/products?search=pen|null');
  });

  it('follows the back button', async () => {
    window.history.replaceState(null, '', '/products');
    render(<Where />);
    act(() => navigateBrowser('/products/art-1'));
    expect(screen.getByLabelText('path')).toHaveTextContent('/products/art-1');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByLabelText('path')).toHaveTextContent('/products|');
  });

  it('<AppLink> navigates on a plain click and leaves modified clicks to the browser', () => {
    window.history.replaceState(null, '', '/products');
    render(<><AppLink to="/products/art-9">article</AppLink><Where /></>);
    const link = screen.getByRole('link', { name: 'article' });
    expect(link).toHaveAttribute('href', '/products/art-9');
    const ctrl = fireEvent.click(link, { ctrlKey: true });
    expect(ctrl).toBe(true); // not prevented: the browser opens a new tab
    expect(window.location.pathname).toBe('/products');
    fireEvent.click(link);
    expect(window.location.pathname).toBe('/products/art-9');
    expect(screen.getByLabelText('path')).toHaveTextContent('/products/art-9');
  });
});

describe('inside a react-admin area (react-router)', () => {
  function RouterNavigator() {
    const navigate = useNavigate();
    return <button onClick={() => navigate('/products?search=ink')}>to the marketplace</button>;
  }
  function AppNavigator() {
    const navigate = useAppNavigate();
    const { pathname } = useLocation();
    return <button onClick={() => navigate('/orders', { state: { from: pathname } })}>to orders</button>;
  }

  it('app code navigates through react-router, and the browser location follows every router move', () => {
    window.history.replaceState(null, '', '/dashboard');
    render(
      <>
        {/* App's view: outside the router, on the browser location. */}
        <Where label="app" />
        <RouterShell>
          <Where label="area" />
          <RouterNavigator />
          <AppNavigator />
        </RouterShell>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'to orders' }));
    expect(screen.getByLabelText('area')).toHaveTextContent('/orders|{"from":"/dashboard"}');
    expect(screen.getByLabelText('app')).toHaveTextContent('/orders|{"from":"/dashboard"}');
    fireEvent.click(screen.getByRole('button', { name: 'to the marketplace' }));
    expect(screen.getByLabelText('app')).toHaveTextContent('/products?search=ink|null');
  });

  it("a move by an area's router as the area goes away still reaches the area that follows it", () => {
    window.history.replaceState(null, '', '/ycAdmin/suppliers');
    let staleNavigate: ((to: string) => void) | null = null;
    function Capture() {
      const navigate = useNavigate();
      staleNavigate = (to) => navigate(to);
      return null;
    }
    const view = render(<><Where label="app" /><RouterShell key="admin"><Capture /></RouterShell></>);
    // The admin area gives way to the shop area (App switches on the location)...
    view.rerender(<><Where label="app" /><RouterShell key="shop"><Where label="area" /></RouterShell></>);
    // ...and the admin area's last navigation comes after: the shop's router and App both follow it.
    act(() => staleNavigate!('/dashboard'));
    expect(screen.getByLabelText('area')).toHaveTextContent('/dashboard|null');
    expect(screen.getByLabelText('app')).toHaveTextContent('/dashboard|null');
  });
});

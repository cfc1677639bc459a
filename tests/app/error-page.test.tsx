import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { CHUNK_RELOAD_KEY } from '../../src/app/errors/chunk-reload';
import { ErrorPage } from '../../src/app/errors/ErrorPage';
import { renderShell } from './shell-harness';

describe('the error page (core §2)', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows status 500 by default with a translated text and a link home', async () => {
    await renderShell(<ErrorPage error={new Error('boom')} />);
    expect(await screen.findByText('500')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Er ging iets mis' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute('href', '/');
  });

  it("shows the error's own status", async () => {
    await renderShell(<ErrorPage error={new HttpError('nope', 403)} />);
    expect(await screen.findByText('403')).toBeInTheDocument();
  });

  it('shows the error page for a chunk failing again within 60 s instead of reloading', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now() - 1000));
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    await renderShell(<ErrorPage error={new TypeError('Failed to fetch dynamically imported module: /assets/x.js')} />);
    expect(await screen.findByText('500')).toBeInTheDocument();
    expect(setItem).not.toHaveBeenCalledWith(CHUNK_RELOAD_KEY, expect.anything());
    setItem.mockRestore();
  });
});

import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// What a test waits for (a page re-rendered after a fake network answer, InstantSearch writing its
// URL a tick later) takes longer when the machine is loaded: a findBy/waitFor waits up to 10 s, within
// the app project's 40 s per test, instead of testing-library's 1 s, which a loaded run overshot.
configure({ asyncUtilTimeout: 10_000 });

// Each test starts signed out with empty storage: the session store and react-admin's store persist there.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(async () => {
  const { clearSession } = await import('../../src/app/session/store');
  clearSession();
});

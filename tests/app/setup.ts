import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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

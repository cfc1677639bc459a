import { Loading } from 'react-admin';
import { Navigate } from 'react-router';
import { SessionLoadFailed } from '../../session/SessionLoadFailed';
import { useLoadedSession } from '../../session/useLoadedSession';
import { HomePage } from './HomePage';
import { landingPathFor } from '../../access/landing';
import { BUILT_PAGES } from './built-pages';

/** '/': on to the user's landing page (pages/landing.ts decides); the dashboard stays here. */
export function LandingPage() {
  const { session, error } = useLoadedSession();
  if (error) return <SessionLoadFailed />;
  if (!session) return <Loading />;
  const path = landingPathFor(session, BUILT_PAGES);
  return path ? <Navigate to={path} replace /> : <HomePage />;
}

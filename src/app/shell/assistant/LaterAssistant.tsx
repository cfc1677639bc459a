import { lazy, Suspense, useEffect, useState } from 'react';

const Assistant = lazy(() => import('./Assistant').then((m) => ({ default: m.Assistant })));

/** How long after its layout the assistant comes (core §2: the icon and chat bot in the corner). */
export const ASSISTANT_DELAY_MS = 1000;

/**
 * The assistant a second after the page: its code and its first render (a dialog, an autocomplete,
 * the help topics) never delay the page's own, which is what a person waits for after signing in.
 */
export function LaterAssistant() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), ASSISTANT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <Assistant />
    </Suspense>
  ) : null;
}

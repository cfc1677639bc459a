import { Component, type ReactNode } from 'react';
import { I18nContext } from 'ra-core';
import { useCoreServices } from '../bootstrap/context';
import { ErrorPage } from './ErrorPage';

interface State { error: unknown }

/**
 * The route error boundary around everything the router shows (App.tsx), for errors outside the
 * layouts (react-admin's <Layout error> shows the same ErrorPage inside them), e.g. the lazily loaded
 * admin area whose chunk is gone: ErrorPage reloads once or shows the status. Translated with the app's i18n provider (ra-core's bare context, not react-admin's provider: this is part of the first load), since it sits outside the <Admin>s.
 */
class Boundary extends Component<{ children: ReactNode; fallback: (error: unknown, reset: () => void) => ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  reset = () => this.setState({ error: null });

  render() {
    if (this.state.error) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}

export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const { i18n } = useCoreServices();
  return (
    <Boundary
      fallback={(error, reset) => (
        <I18nContext.Provider value={i18n.i18nProvider}>
          <ErrorPage error={error} resetErrorBoundary={reset} />
        </I18nContext.Provider>
      )}
    >
      {children}
    </Boundary>
  );
}

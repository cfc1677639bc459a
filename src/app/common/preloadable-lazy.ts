import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PreloadableLazy<T extends ComponentType> {
  /** The component to render: drawn at once when its code has loaded, else suspends while it loads. */
  Component: LazyExoticComponent<T>;
  /** Starts loading the code (once; a failed load is tried again on the next call). */
  preload(): Promise<T>;
}

/**
 * React.lazy that can load its code ahead of the first render and then draws without suspending.
 * A plain lazy component suspends on its first render even when its chunk has long arrived (the
 * import() answers in a later turn), and React reveals what a Suspense fallback stood for no sooner
 * than 300 ms after that fallback appeared (its throttle on retries): every lazy level on the way to
 * a page could cost that much after sign-in or a reload (issue 29). Once the code is here, this
 * one hands React the loaded module synchronously, so no fallback is shown at all.
 */
export function preloadableLazy<T extends ComponentType>(load: () => Promise<T>): PreloadableLazy<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const preload = () => (loading ??= load().then(
    (component) => (loaded = component),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
  const Component = lazy(() => {
    // A thenable that answers on the spot: React.lazy reads it as resolved before it would suspend.
    if (loaded) return { then: (resolve: (module: { default: T }) => void) => resolve({ default: loaded! }) } as unknown as Promise<{ default: T }>;
    return preload().then((component) => ({ default: component }));
  });
  return { Component, preload };
}

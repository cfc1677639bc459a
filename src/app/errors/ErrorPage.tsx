import { useEffect, useRef, useState } from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { MessagePage } from '../common/ui/MessagePage';
import { isChunkLoadError, reloadAfterChunkFailure } from './chunk-reload';

/** The status an error carries (HttpError, a Response, { status }), default 500 (core §2). */
export function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/**
 * Shown when a page fails to render (core §2 "Other errors"): the status, a translated text and the
 * way home. Used as react-admin's layout error component and by AppErrorBoundary; leaving the page
 * (another URL) clears the error. A failed chunk load reloads the page instead, at most once per 60 s
 * (core §4); failing again within the minute shows the error page.
 */
export function ErrorPage({ error, resetErrorBoundary }: { error?: unknown; resetErrorBoundary?: (...args: unknown[]) => void }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const first = useRef(pathname);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    if (isChunkLoadError(error) && reloadAfterChunkFailure()) setReloading(true);
  }, [error]);
  useEffect(() => {
    if (pathname !== first.current) resetErrorBoundary?.();
  }, [pathname, resetErrorBoundary]);
  if (reloading) return <Typography sx={{ m: 4, textAlign: 'center' }}>{translate('shell.error.reloading')}</Typography>;
  return (
    <MessagePage status={statusOf(error)} title={translate('shell.error.title')}>
      <Typography color="text.secondary">{translate('shell.error.text')}</Typography>
    </MessagePage>
  );
}

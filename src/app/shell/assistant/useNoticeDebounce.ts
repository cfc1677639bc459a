import { useCallback, useEffect, useRef, useState } from 'react';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import type { AppNotice, NoticeFeed } from '../../notify/notify';

/**
 * The assistant's notification state (core §4: the assistant icon hides after an 8.5 s debounce):
 * every notice shows at once and restarts the clock; `visible` turns false CONSTANTS.assistantHideMs
 * after the last one. `onNotice` also sees each notice (the chat bot logs them).
 */
export function useNoticeDebounce(feed: NoticeFeed, onNotice?: (notice: AppNotice) => void, hideMs: number = CONSTANTS.assistantHideMs) {
  const [notice, setNotice] = useState<AppNotice | null>(null);
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listener = useRef(onNotice);
  listener.current = onNotice;

  useEffect(() => {
    const unsubscribe = feed.subscribe((next) => {
      setNotice(next);
      setVisible(true);
      listener.current?.(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setVisible(false), hideMs);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer.current);
    };
  }, [feed, hideMs]);

  const dismiss = useCallback(() => {
    clearTimeout(timer.current);
    setVisible(false);
  }, []);

  return { notice: visible ? notice : null, visible, dismiss };
}

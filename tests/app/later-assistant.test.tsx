import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_DELAY_MS, LaterAssistant } from '../../src/app/shell/assistant/LaterAssistant';

// The assistant itself (tests/app/assistant.test.tsx) stands in here: what is tested is when it comes.
const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/app/shell/assistant/Assistant', () => {
  loaded.count++;
  return { Assistant: () => <p>the assistant</p> };
});

describe('the assistant in the shop layouts (core §2)', () => {
  afterEach(() => vi.useRealTimers());

  it('comes a second after the page: its code and first render never delay what a person waits for after signing in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<LaterAssistant />);
    await act(async () => {
      vi.advanceTimersByTime(ASSISTANT_DELAY_MS - 1);
      await vi.dynamicImportSettled();
    });
    expect(screen.queryByText('the assistant')).toBeNull();
    expect(loaded.count).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(await screen.findByText('the assistant')).toBeInTheDocument();
    expect(loaded.count).toBe(1);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { UpdatePrompt } from './update-prompt';

/** workbox-window as the page sees it: events from the worker, and the message that lets a waiting one in. */
const workbox = vi.hoisted(() => {
  const listeners = new Map<string, (() => void)[]>();
  return {
    listeners,
    register: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
    emit: (type: string) => {
      for (const listener of listeners.get(type) ?? []) listener();
    },
  };
});
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: () => void) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener]);
    }
    register = workbox.register;
    messageSkipWaiting = workbox.messageSkipWaiting;
  },
}));

beforeEach(() => {
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
});
afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('a new version of the app', () => {
  it('is offered as a status with a keyboard-reachable "Actualizar", which lets the waiting worker in', async () => {
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    await vi.waitFor(() => expect(workbox.register).toHaveBeenCalled());
    expect(screen.queryByText('Nueva versión disponible')).not.toBeInTheDocument();

    workbox.emit('waiting');
    const prompt = await screen.findByRole('status');
    expect(prompt).toHaveTextContent('Nueva versión disponible');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Actualizar' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    // The page reloads on the new version once it takes over.
    expect(workbox.listeners.get('controlling')).toHaveLength(1);
  });
});

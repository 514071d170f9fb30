import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { BANNER_DELAY_MS, BANNER_STORAGE_KEY } from '../hooks/use-banner-state';
import { CommunityBanner } from './community-banner';

describe('the community banner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays hidden for 10 seconds, then shows', () => {
    render(<CommunityBanner />);
    act(() => {
      vi.advanceTimersByTime(BANNER_DELAY_MS - 1);
    });
    expect(screen.queryByTestId('community-banner')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('community-banner')).toBeInTheDocument();
    const join = screen.getByRole('link', { name: /Unirme a la comunidad/ });
    expect(join).toHaveAttribute('target', '_blank');
  });

  it('minimises to a floating button that restores it, and remembers', () => {
    const { unmount } = render(<CommunityBanner />);
    act(() => {
      vi.advanceTimersByTime(BANNER_DELAY_MS);
    });
    act(() => screen.getByRole('button', { name: 'Minimizar' }).click());
    expect(screen.queryByTestId('community-banner')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(BANNER_STORAGE_KEY)).toBe('minimized');
    unmount();

    render(<CommunityBanner />);
    const floating = screen.getByTestId('community-banner-minimized');
    act(() => floating.click());
    expect(screen.getByTestId('community-banner')).toBeInTheDocument();
    expect(window.localStorage.getItem(BANNER_STORAGE_KEY)).toBe('shown');
  });

  it('closed is closed for good', () => {
    const { unmount } = render(<CommunityBanner />);
    act(() => {
      vi.advanceTimersByTime(BANNER_DELAY_MS);
    });
    act(() => screen.getByRole('button', { name: 'Cerrar y no volver a mostrar' }).click());
    expect(window.localStorage.getItem(BANNER_STORAGE_KEY)).toBe('permanently_hidden');
    unmount();
    render(<CommunityBanner />);
    act(() => {
      vi.advanceTimersByTime(BANNER_DELAY_MS * 3);
    });
    expect(screen.queryByTestId('community-banner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('community-banner-minimized')).not.toBeInTheDocument();
  });
});

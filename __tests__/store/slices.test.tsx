import { act, screen } from '@testing-library/react';
import {
  drawerSlice,
  desktopDrawerToggled,
  mobileDrawerClosed,
  mobileDrawerToggled,
} from '../../src/slices/drawerSlice';
import { toastShown, TOAST_DURATION_MS } from '../../src/slices/toastsSlice';
import { Toaster } from '../../src/components/layout/Toaster';
import { renderWithProviders } from '../support/render';

describe('drawer slice', () => {
  it('starts open on desktop and closed on phones', () => {
    expect(drawerSlice.reducer(undefined, { type: 'init' })).toEqual({ desktopOpen: true, mobileOpen: false });
  });

  it('toggles each independently and closes the phone drawer', () => {
    let state = drawerSlice.reducer(undefined, desktopDrawerToggled());
    expect(state).toEqual({ desktopOpen: false, mobileOpen: false });
    state = drawerSlice.reducer(state, mobileDrawerToggled());
    expect(state).toEqual({ desktopOpen: false, mobileOpen: true });
    state = drawerSlice.reducer(state, mobileDrawerClosed());
    expect(state.mobileOpen).toBe(false);
  });
});

describe('toasts: a queue, each shown for 3000 ms', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows toasts one after another and expires each after 3000 ms', async () => {
    const { store } = renderWithProviders(<Toaster />);
    act(() => {
      store.dispatch(toastShown('Coupon created successfully!'));
      store.dispatch(toastShown('Code copied to clipboard!', 'info'));
    });
    // The Snackbar is a chunk of its own, loaded with the first toast (Toaster).
    expect(await screen.findByText('Coupon created successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Code copied to clipboard!')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByText('Coupon created successfully!')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(200));
    expect(store.getState().toasts.queue).toHaveLength(1);
    expect(screen.getByText('Code copied to clipboard!')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS + 500));
    expect(store.getState().toasts.queue).toHaveLength(0);
  });

  it('can be dismissed early', async () => {
    const { store, user } = renderWithProviders(<Toaster />, {
      userOptions: { advanceTimers: jest.advanceTimersByTime },
    });
    act(() => {
      store.dispatch(toastShown('Coupon updated successfully!'));
    });
    await user.click(await screen.findByRole('button', { name: /close/i }));
    expect(store.getState().toasts.queue).toHaveLength(0);
  });
});

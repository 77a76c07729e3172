import { useCallback, useEffect, useState } from 'react';
import {
  PAYMENT_WINDOW_CHECK_MS,
  PAYMENT_WINDOW_FEATURES,
  PAYMENT_WINDOW_LIFETIME_MS,
  PAYMENT_WINDOW_NAME,
} from './payments';

/**
 * The provider's payment window (docs/rules.md#buy-credits): 800x600, checked every second until a person closes it,
 * and closed by us after 30 minutes. `open` returns false when the browser blocked the popup; `forget` (dialog closed)
 * and unmount end the watch.
 */
export function usePaymentWindow() {
  const [paymentWindow, setPaymentWindow] = useState<Window | null>(null);

  const open = useCallback((url: string): boolean => {
    const opened = window.open(url, PAYMENT_WINDOW_NAME, PAYMENT_WINDOW_FEATURES);
    setPaymentWindow(opened);
    return opened !== null;
  }, []);

  const forget = useCallback(() => setPaymentWindow(null), []);

  useEffect(() => {
    if (!paymentWindow) return undefined;
    const stopWatching = () => {
      clearInterval(watcher);
      clearTimeout(lifetime);
    };
    const watcher = setInterval(() => {
      if (paymentWindow.closed) stopWatching();
    }, PAYMENT_WINDOW_CHECK_MS);
    const lifetime = setTimeout(() => {
      stopWatching();
      if (!paymentWindow.closed) paymentWindow.close();
    }, PAYMENT_WINDOW_LIFETIME_MS);
    return stopWatching;
  }, [paymentWindow]);

  return { open, forget };
}

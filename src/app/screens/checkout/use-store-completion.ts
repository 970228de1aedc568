/**
 * The store frame tells the app a payment went through by posting 'thankyou' to its parent
 * (spec 1 §4). Only a message from the app's own origin counts (the store page is served by the
 * app's server); anything else any other window posts is ignored. The server's webhook, not this
 * message, makes the user premium: the thank-you page waits for that.
 */
import { useEffect } from 'react';

export const STORE_SUCCESS_MESSAGE = 'thankyou';

export function useStoreCompletion(onPaid: () => void): void {
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin === window.location.origin && event.data === STORE_SUCCESS_MESSAGE) onPaid();
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [onPaid]);
}

/**
 * The order form's top row: Back (when there is a page to go back to) and the trading account,
 * with the selector's own offer to create or manage accounts.
 */

import { useRouter } from '@tanstack/react-router';
import { IonButton } from '#app/components/IonElements.tsx';
import { AccountSelect } from '../trades/AccountSelect.tsx';

export function OrderTop({
  accountId,
  disabled,
  onAccount,
}: {
  accountId: number | null;
  disabled: boolean;
  onAccount: (accountId: number | null) => void;
}) {
  const router = useRouter();
  return (
    <div className="order-top">
      {window.history.length > 1 && (
        <IonButton fill="clear" size="small" onClick={() => router.history.back()}>
          ‹ Back
        </IonButton>
      )}
      <AccountSelect value={accountId} onChange={onAccount} disabled={disabled} manage />
    </div>
  );
}

/**
 * Settings → Account: deleting one's account (docs/SECURITY.md). Two steps, the second saying
 * what goes; once the server has deleted it, the app signs out (which also clears the cached
 * data on this device).
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_CALLS } from '#api/contract/account.ts';
import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import { signOut } from '#app/auth/sign-out.ts';
import { IonButton } from '#app/components/IonElements.tsx';
import '#app/components/forms.css';

export const DELETE_ACCOUNT_WARNING =
  'This deletes your saved scans, lists, universes, trading accounts and trades, and your sign-in. It cannot be undone. A new account with the same e-mail address does not get a new free trial.';

export function AccountSection() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => apiCaller(ACCOUNT_CALLS)('account.delete', {}),
    onSuccess: () => signOut(queryClient),
    // Shown below the buttons.
    onError: () => undefined,
  });
  return (
    <section className="account-section" aria-label="Account">
      <div className="section-head">
        <h2>Account</h2>
      </div>
      <p className="hint">Deleting your account removes everything you keep in OptionScout.</p>
      {!confirming ? (
        <IonButton size="small" fill="outline" color="danger" onClick={() => setConfirming(true)}>
          Delete my account
        </IonButton>
      ) : (
        <div role="alertdialog" aria-labelledby="delete-account-warning">
          <p id="delete-account-warning">{DELETE_ACCOUNT_WARNING}</p>
          <div className="form-actions">
            <IonButton
              size="small"
              color="danger"
              disabled={remove.isPending || remove.isSuccess}
              onClick={() => remove.mutate()}
            >
              Delete my account
            </IonButton>
            <IonButton
              size="small"
              fill="clear"
              disabled={remove.isPending || remove.isSuccess}
              onClick={() => {
                remove.reset();
                setConfirming(false);
              }}
            >
              Cancel
            </IonButton>
          </div>
          {remove.isError && (
            <p className="field-error" role="alert">
              {GENERIC_ERROR_MESSAGE}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

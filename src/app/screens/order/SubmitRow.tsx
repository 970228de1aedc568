/**
 * The order's last row: the Send To menu for the modes that export (new and open orders), else a
 * Submit button; a spinner while the write is under way.
 */

import type { TradeExportRequest } from '#api/trades.ts';
import { IonButton } from '#app/components/IonElements.tsx';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { SendTo } from './SendTo.tsx';

export function SubmitRow({
  exportable,
  canSubmit,
  submitBlock,
  brokers,
  request,
  pending,
  onSubmit,
}: {
  exportable: boolean;
  canSubmit: boolean;
  submitBlock: string | null;
  brokers: { readonly available: boolean; readonly reason: string | null };
  request: () => TradeExportRequest | null;
  pending: boolean;
  onSubmit: () => void;
}) {
  return (
    <div className="submit-row">
      {exportable ? (
        <SendTo
          canSubmit={canSubmit}
          submitBlock={submitBlock}
          brokers={brokers}
          request={request}
          onSubmit={onSubmit}
        />
      ) : (
        <IonButton disabled={!canSubmit} onClick={onSubmit}>
          Submit
        </IonButton>
      )}
      {pending && <Spinner label="Saving" />}
    </div>
  );
}

/** The panel under a trade log row: the trade's legs and figures, with its actions (spec 3 §4). */

import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Position } from '#api/trades.ts';
import { usePendingWrites } from '#app/api/pending-writes-snapshot.ts';
import { IonButton } from '#app/components/IonElements.tsx';
import type { TradeWrite } from '#app/features/trades/mutations.ts';
import { pendingArchive, pendingText, tradeWriteKey, tradeWrites } from '#app/features/trades/mutations.ts';
import { formatCents, formatNumber, formatPercent, MISSING_VALUE } from '#domain/columns/number-format.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';

const date = (iso: string | null) => (iso ? iso.slice(0, 10) : MISSING_VALUE);
const legKey = (leg: Position['legs'][number]) =>
  leg.contract.kind === 'stock'
    ? `stock-${leg.quantity}`
    : `${leg.contract.right}-${leg.contract.expiration}-${leg.contract.strike}-${leg.quantity}`;

export function TradeDetail({ position }: { position: Position }) {
  const navigate = useNavigate();
  const archive = useMutation<unknown, unknown, TradeWrite>({ mutationKey: tradeWriteKey });
  const open = position.closeDate === null;
  const pending = pendingArchive(usePendingWrites(), position.lastOrderId);
  return (
    <div className="trade-detail" data-position={position.positionId}>
      <div className="detail-head">
        <strong>
          {position.symbol} · {STRATEGIES[position.strategy].title}
        </strong>
        <span>
          Size {position.size}
          {position.closedBy === 'expiry' && ' · closed at expiration'}
        </span>
      </div>
      <table className="detail-legs">
        <thead>
          <tr>
            <th>Type</th>
            <th>Side</th>
            <th>Qty</th>
            <th>Exp. Date</th>
            <th>Strike</th>
            <th>Fill</th>
            <th>{open ? 'Mark' : 'Close'}</th>
          </tr>
        </thead>
        <tbody>
          {position.legs.map((leg) => (
            <tr key={legKey(leg)}>
              <td>{leg.contract.kind === 'stock' ? 'STOCK' : leg.contract.right}</td>
              <td>{leg.quantity > 0 ? 'BUY' : 'SELL'}</td>
              <td>{Math.abs(leg.quantity)}</td>
              <td>{leg.contract.kind === 'option' ? leg.contract.expiration : MISSING_VALUE}</td>
              <td>{leg.contract.kind === 'option' ? leg.contract.strike : MISSING_VALUE}</td>
              <td>{formatNumber(leg.fillPrice, 2)}</td>
              <td>{formatNumber(leg.markPrice, 2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="detail-figures">
        <div>
          <dt>{open ? 'PL (marked)' : 'Realized PL'}</dt>
          <dd className={(position.plCents ?? 0) < 0 ? 'loss' : 'gain'}>{formatCents(position.plCents)}</dd>
        </div>
        <div>
          <dt>Debit/Credit</dt>
          <dd>{formatCents(position.accountEffectCents)}</dd>
        </div>
        <div>
          <dt>Invested</dt>
          <dd>{formatCents(position.initialMarginCents)}</dd>
        </div>
        <div>
          <dt>ROI</dt>
          <dd>
            {formatPercent(position.roi, 2)}
            {/* Held too short a time (or nothing invested) to annualize: no figure, no empty brackets. */}
            {position.roiAnnualized !== null && ` (${formatPercent(position.roiAnnualized, 2)} annualized)`}
          </dd>
        </div>
        <div>
          <dt>Opened</dt>
          <dd>{date(position.openDate)}</dd>
        </div>
        <div>
          <dt>Closed</dt>
          <dd>{date(position.closeDate)}</dd>
        </div>
        {position.comments.open && (
          <div>
            <dt>Open note</dt>
            <dd>{position.comments.open}</dd>
          </div>
        )}
        {position.comments.close && (
          <div>
            <dt>Close note</dt>
            <dd>{position.comments.close}</dd>
          </div>
        )}
      </dl>
      {pending && (
        <p className="hint pending-write" role="status">
          {pending.label}: {pendingText(pending)}
        </p>
      )}
      <div className="detail-actions">
        {position.archived ? (
          <IonButton
            size="small"
            fill="outline"
            disabled={archive.isPending || pending !== undefined}
            onClick={() => archive.mutate(tradeWrites.archive(position.lastOrderId, false))}
          >
            Un-Archive
          </IonButton>
        ) : (
          <>
            <IonButton
              size="small"
              onClick={() =>
                void navigate({
                  to: '/order/edit/{-$orderId}',
                  params: { orderId: position.lastOrderId },
                })
              }
            >
              Adjust
            </IonButton>
            {open && (
              <IonButton
                size="small"
                color="secondary"
                onClick={() =>
                  void navigate({
                    to: '/order/close/$openingOrderId',
                    params: { openingOrderId: position.openingOrderId },
                  })
                }
              >
                Close
              </IonButton>
            )}
            <IonButton
              size="small"
              fill="outline"
              disabled={archive.isPending || pending !== undefined}
              onClick={() => archive.mutate(tradeWrites.archive(position.lastOrderId, true))}
            >
              Archive
            </IonButton>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The order form in one mode: account, ticker and strategy, legs, pricing (spread price, size,
 * the Debit/Credit or Realized PL field, comment), and Submit or the Send To menu; then, for new
 * and open orders, the trade analysis. Its parts are their own components; the legs, the
 * recalculation and the submit are hooks; what it derives is in `order-figures.ts`.
 */
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useCallback, useState } from 'react';
import type { OrderAnswer, OrderStrategy, TradeExportRequest } from '#api/trades.ts';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { loadable, OnDemand } from '#app/components/OnDemand.tsx';
import { subscriptionQuery } from '#app/features/account/subscription.ts';
import { tradeAccountsQuery } from '#app/features/trades/queries.ts';
import {
  editableFields,
  exportAvailability,
  ORDER_MODE_RULES,
  type OrderMode,
} from '#domain/orders/order-modes.ts';
import {
  CUSTOM_MAX_OPTION_LEGS,
  CUSTOM_MAX_STOCK_LEGS,
  numericOrZero,
  validateOrder,
} from '#domain/orders/order-validation.ts';
import { effectiveLimits } from '#domain/plans/plan-limits.ts';
import { rememberedAccount } from '../trades/AccountSelect.tsx';
import type * as Analysis from './OrderAnalysis.tsx';
import { OrderChoice } from './OrderChoice.tsx';
import { OrderLegs } from './OrderLegs.tsx';
import { OrderMessages } from './OrderMessages.tsx';
import { OrderTop } from './OrderTop.tsx';
import { type EditorLeg, orderDraft, orderLegs } from './order-draft.ts';
import { errorText } from './order-errors.ts';
import { fieldErrorsOf, orderFigures, submitBlockOf } from './order-figures.ts';
import { PricingFields } from './PricingFields.tsx';
import { SubmitRow } from './SubmitRow.tsx';
import { useOrderLegs } from './use-order-legs.ts';
import { useOrderSubmit } from './use-order-submit.ts';
import { useTradeCalculation } from './use-trade-calculation.ts';

// The metrics, charts and "Show the math" show once a ticker and a strategy are chosen: they load
// then (with the pricing code the math brings), not with the screen.
const analysis = loadable(() => import('./OrderAnalysis.tsx').then((m) => m.OrderAnalysis));
const OrderAnalysis = (props: ComponentProps<typeof Analysis.OrderAnalysis>) => (
  <OnDemand code={analysis} props={props} fallback={<Spinner label="Loading the analysis" />} />
);

export const PLACEHOLDER = 'Please choose Ticker and Strategy to begin (e.g. KO and Covered call)';

export interface EditorInit {
  readonly mode: OrderMode;
  readonly accountId: number | null;
  readonly symbol: string | null;
  readonly strategy: OrderStrategy | null;
  readonly legs: readonly EditorLeg[];
  readonly size: string;
  readonly comment: string;
  /** The loaded order when adjusting or closing. */
  readonly stored: OrderAnswer | null;
}

/** The plan's most legs in a custom strategy (every structure allowed until the plan is known). */
function useMaxCustomLegs(): number {
  const subscription = useQuery(subscriptionQuery());
  return subscription.data
    ? effectiveLimits({ status: subscription.data.status, planId: subscription.data.planId })
        .maxCustomStrategyLegs
    : CUSTOM_MAX_OPTION_LEGS + CUSTOM_MAX_STOCK_LEGS;
}

export function OrderEditor({ init }: { init: EditorInit }) {
  const { mode, stored } = init;
  const rules = ORDER_MODE_RULES[mode];
  const newOrder = rules.expirationAndStrike;
  const [accountId, setAccountId] = useState<number | null>(init.accountId ?? rememberedAccount());
  const [size, setSize] = useState(init.size);
  const [comment, setComment] = useState(init.comment);
  const order = useOrderLegs({ symbol: init.symbol, strategy: init.strategy, legs: init.legs, newOrder });
  const { symbol, strategy, legs, chain } = order;
  const maxCustomStrategyLegs = useMaxCustomLegs();
  const editable = editableFields(mode, strategy);

  const draft = orderDraft(symbol, strategy, legs, size, chain);
  const issues = validateOrder(draft, { maxCustomStrategyLegs });
  const valid = issues.length === 0;
  const sent = symbol ? orderLegs(symbol, legs, chain) : null;
  const sizeNumber = numericOrZero(size);

  const calc = useTradeCalculation({
    autoRecalculate: rules.autoRecalculate,
    valid,
    symbol,
    strategy,
    sent,
    size: sizeNumber,
    asofOrderId: mode === 'adjustOpen' && stored ? stored.orderId : null,
  });
  const { submit, pending, error: submitError } = useOrderSubmit(mode, stored);
  const fieldErrors = fieldErrorsOf(issues, submitError);
  const submitText = submitError != null ? errorText(submitError, strategy) : null;

  const canSubmit =
    accountId !== null && valid && sent !== null && strategy !== null && !calc.mismatch && !pending;
  const accounts = useQuery(tradeAccountsQuery());
  const submitBlock = submitBlockOf(calc.mismatch, accounts.isSuccess && accounts.data.length === 0);
  const onSubmit = () => {
    if (!canSubmit || !sent || !strategy || accountId === null) return;
    submit({ accountId, strategy, legs: sent, size: sizeNumber, comment });
  };
  const brokers = exportAvailability({
    mode,
    strategy,
    valid: valid && sent !== null,
    serverError: calc.serverCode,
  });
  const exportRequest = useCallback(
    (): TradeExportRequest | null =>
      sent && strategy
        ? { strategy, legs: sent, size: sizeNumber, comment, closing: mode === 'close' }
        : null,
    [sent, strategy, sizeNumber, comment, mode],
  );
  const [markersMs] = useState(() => [stored ? Date.parse(stored.createdAt) : Date.now()]);

  return (
    <div className={`order-editor${pending ? ' pending' : ''}`} aria-busy={pending || undefined}>
      <OrderTop accountId={accountId} onAccount={setAccountId} disabled={!editable.account || pending} />
      <OrderChoice
        symbol={symbol}
        strategy={strategy}
        opening={init.strategy}
        editable={editable}
        disabled={pending}
        onSymbol={order.chooseSymbol}
        onStrategy={order.chooseStrategy}
      />
      {symbol === null || strategy === null ? (
        <p className="placeholder">{PLACEHOLDER}</p>
      ) : (
        <>
          {order.loading && <Spinner />}
          <OrderLegs
            order={order}
            editable={editable}
            disabled={pending}
            fieldErrors={fieldErrors}
            maxLegs={maxCustomStrategyLegs}
          />
          <PricingFields
            figures={orderFigures(sent, sizeNumber, mode, stored)}
            effectField={rules.effectField}
            size={size}
            sizeEditable={editable.size}
            sizeError={fieldErrors.size}
            comment={comment}
            disabled={pending}
            onSize={setSize}
            onComment={setComment}
          />
          <OrderMessages calcText={calc.text} serverCode={calc.serverCode} submitText={submitText} />
          <SubmitRow
            exportable={rules.exportable}
            canSubmit={canSubmit}
            submitBlock={submitBlock}
            brokers={brokers}
            request={exportRequest}
            pending={pending}
            onSubmit={onSubmit}
          />
          {rules.showsMetrics && (
            <OrderAnalysis
              strategy={strategy}
              symbol={symbol}
              made={calc.made}
              profile={calc.profile}
              dimmed={calc.mismatch || !calc.made}
              calculating={calc.requested && !calc.made && !calc.error && calc.fetching}
              markersMs={markersMs}
              explain={sent ? { strategy, legs: sent, fill: 'limit' } : null}
            />
          )}
        </>
      )}
    </div>
  );
}

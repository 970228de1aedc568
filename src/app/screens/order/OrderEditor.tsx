/**
 * The order form in one mode: account, ticker and strategy, legs, spread price, size, the
 * Debit/Credit or Realized PL field, comment, and Submit or the Send To menu; then, for new and
 * open orders, the metrics strip and the charts. The trade is recalculated (POST /trades/trade,
 * bid/ask level 0) a moment after valid inputs change, unless the order closes or is closed.
 */
import { IonButton } from '@ionic/react';
import { onlineManager, useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type {
  CalculatedTrade,
  OrderAnswer,
  OrderStrategy,
  TradeCalculationRequest,
  TradeExportRequest,
} from '#api/trades.ts';
import { subscriptionQuery } from '#app/api/account.ts';
import { ApiRequestError } from '#app/api/client.ts';
import type { TradeWrite } from '#app/api/trade-mutations.ts';
import {
  barsQuery,
  calculationQuery,
  chainQuery,
  stockLastQuery,
  tradeAccountsQuery,
  tradeWriteKey,
  tradeWrites,
} from '#app/api/trades.ts';
import { Spinner } from '#app/components/IonCore.tsx';
import { notify } from '#app/components/notices.ts';
import { quoteIdsOf, useLiveQuotes } from '#app/live/use-live.ts';
import { formatMoney } from '#domain/columns/number-format.ts';
import { ERROR_CATALOGUE } from '#domain/errors.ts';
import {
  editableFields,
  exportAvailability,
  ORDER_MODE_RULES,
  type OrderMode,
} from '#domain/orders/order-modes.ts';
import {
  CUSTOM_MAX_OPTION_LEGS,
  CUSTOM_MAX_STOCK_LEGS,
  CUSTOM_STRATEGY,
  legAdditions,
  MIN_SIZE,
  numericOrZero,
  ORDER_MESSAGES,
  validateOrder,
} from '#domain/orders/order-validation.ts';
import { priorEffectCents } from '#domain/orders/position-pl.ts';
import { accountEffectCents, debitCredit, strategyPriceCents } from '#domain/orders/strategy-price.ts';
import { effectiveLimits } from '#domain/plans/plan-limits.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { STRATEGY_GROUPS } from '#domain/strategies/definition.ts';
import { SCREENER_STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { validateLegs } from '#domain/strategies/validate-legs.ts';
import { AccountSelect, rememberAccount, rememberedAccount } from '../trades/AccountSelect.tsx';
import { LegsTable } from './LegsTable.tsx';
import { MetricsStrip } from './MetricsStrip.tsx';
import { customLeg, type EditorLeg, orderDraft, orderLegs, strategyLegs } from './order-draft.ts';
import { errorCode, errorText, legsMismatchText } from './order-errors.ts';
import { SendTo } from './SendTo.tsx';
import { TickerPicker } from './TickerPicker.tsx';

const PriceChart = lazy(() => import('./charts/OrderCharts.tsx').then((m) => ({ default: m.PriceChart })));
const ProfileChart = lazy(() =>
  import('./charts/OrderCharts.tsx').then((m) => ({ default: m.ProfileChart })),
);

export const PLACEHOLDER = 'Please choose Ticker and Strategy to begin (e.g. KO and Covered call)';
export const CUSTOM_EMPTY =
  'Use the buttons below to add legs to your strategy. You can create any structure you like, but all legs must share the same expiration date.';
export const CUSTOM_HELP_URL = 'https://optionscout.app/help/custom-strategies';
const RECALC_DELAY_MS = 400;
/** Why Send To → Trade Log is disabled (the brokers' reason for legs that do not fit, so it shows once). */
export const ORDER_BLOCKS = {
  legsMismatch: ERROR_CATALOGUE.LEGS_MISMATCH.message,
  noAccount: 'Create a trading account above to log this trade.',
} as const;

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

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const effectText = (cents: number) => {
  const kind = debitCredit(cents);
  if (kind === 'even') return '$0.00';
  return `${formatMoney(Math.abs(cents) / 100, 2)} ${kind === 'debit' ? 'Debit' : 'Credit'}`;
};

export function OrderEditor({ init }: { init: EditorInit }) {
  const navigate = useNavigate();
  const router = useRouter();
  const { mode, stored } = init;
  const rules = ORDER_MODE_RULES[mode];
  const [accountId, setAccountId] = useState<number | null>(init.accountId ?? rememberedAccount());
  const [symbol, setSymbol] = useState(init.symbol);
  const [strategy, setStrategy] = useState<OrderStrategy | null>(init.strategy);
  const [legs, setLegs] = useState<readonly EditorLeg[]>(init.legs);
  const [size, setSize] = useState(init.size);
  const [comment, setComment] = useState(init.comment);
  // Set when the user picks a ticker or strategy: the strategy's default legs are built once the chain is in.
  const [needsDefaults, setNeedsDefaults] = useState(false);
  // One id per editor: a repeated submit (double click, offline replay) makes one order.
  const [clientOrderId] = useState(() => crypto.randomUUID());

  const subscription = useQuery(subscriptionQuery());
  const maxCustomStrategyLegs = subscription.data
    ? effectiveLimits({ status: subscription.data.status, planId: subscription.data.planId })
        .maxCustomStrategyLegs
    : CUSTOM_MAX_OPTION_LEGS + CUSTOM_MAX_STOCK_LEGS;
  const editable = editableFields(mode, strategy);
  const newOrder = rules.expirationAndStrike;
  const chainData = useQuery({ ...chainQuery(symbol ?? ''), enabled: newOrder && symbol !== null });
  const last = useQuery({ ...stockLastQuery(symbol ?? ''), enabled: newOrder && symbol !== null });
  const chain = newOrder ? (chainData.data ?? null) : null;

  useEffect(() => {
    if (!needsDefaults || !strategy || !chainData.data || last.data === undefined) return;
    setNeedsDefaults(false);
    setLegs(
      strategy === CUSTOM_STRATEGY ? [] : strategyLegs(strategy, chainData.data, last.data ?? 0, Date.now()),
    );
  }, [needsDefaults, strategy, chainData.data, last.data]);

  const draft = orderDraft(symbol, strategy, legs, size, newOrder ? chain : null);
  const issues = validateOrder(draft, { maxCustomStrategyLegs });
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) if (issue.message) fieldErrors[issue.field] ??= issue.message;
  const valid = issues.length === 0;
  const sent = symbol ? orderLegs(symbol, legs, newOrder ? chain : null) : null;
  const sizeNumber = numericOrZero(size);
  // Legs that do not fit the strategy are known here, as the server would answer (LEGS_MISMATCH):
  // the message stays up without a calculation per keystroke or quote, and nothing is logged.
  const misfit =
    rules.autoRecalculate && valid && sent !== null && strategy !== null && !validateLegs(strategy, sent).ok;

  // The calculation, at bid/ask level 0, once the inputs settle.
  const request: TradeCalculationRequest | null =
    rules.autoRecalculate && valid && sent && strategy && !misfit
      ? {
          strategy,
          legs: sent,
          size: sizeNumber,
          asofOrderId: mode === 'adjustOpen' && stored ? stored.orderId : null,
        }
      : null;
  const settledKey = useSettled(request ? JSON.stringify(request) : null, RECALC_DELAY_MS);
  const settledRequest = useMemo(
    () => (settledKey ? (JSON.parse(settledKey) as TradeCalculationRequest) : null),
    [settledKey],
  );
  const calc = useQuery({
    ...calculationQuery(settledRequest ?? { strategy: 'custom', legs: [] }),
    enabled: settledRequest !== null,
  });
  // The ticker's last price and the calculation follow live quotes (docs/LIVE.md).
  useLiveQuotes(quoteIdsOf(symbol, settledRequest?.legs));
  const current = request !== null && settledKey === JSON.stringify(request);
  const calcError = current && calc.isError ? calc.error : null;
  const serverCode = misfit ? 'LEGS_MISMATCH' : errorCode(calcError);
  const mismatch = serverCode === 'LEGS_MISMATCH';

  const write = useMutation<unknown, unknown, TradeWrite>({
    mutationKey: tradeWriteKey,
    onError: () => undefined,
  });
  const pending = write.isPending;
  const submitError = write.error;
  const calcText =
    misfit && strategy ? legsMismatchText(strategy) : calcError ? errorText(calcError, strategy) : null;
  // A refused submit is often refused for the reason the recalculation already shows (a plan
  // that changed meanwhile): one message, not the same one twice.
  const submitText = submitError != null ? errorText(submitError, strategy) : null;
  if (submitError instanceof ApiRequestError && submitError.details) {
    for (const [field, message] of Object.entries(submitError.details)) fieldErrors[field] ??= message;
  }

  const canSubmit =
    accountId !== null && valid && sent !== null && strategy !== null && !mismatch && !pending;
  const accounts = useQuery(tradeAccountsQuery());
  // Why Trade Log is greyed out, when the form itself does not already say it.
  const submitBlock = mismatch
    ? ORDER_BLOCKS.legsMismatch
    : accounts.isSuccess && accounts.data.length === 0
      ? ORDER_BLOCKS.noAccount
      : null;
  const submit = () => {
    if (!canSubmit || !sent || !strategy || accountId === null) return;
    rememberAccount(accountId);
    const payload = { legs: sent, size: sizeNumber, comment, clientOrderId };
    const done = {
      onSuccess: () => void navigate({ to: '/trades', search: { accountId } }),
    };
    if (mode === 'adjustOpen' || mode === 'adjustClosed') {
      if (!stored) return;
      write.mutate(tradeWrites.adjust(stored.orderId, accountId, strategy, payload), done);
    } else {
      const closeOrderId = mode === 'close' && stored ? stored.orderId : null;
      write.mutate(tradeWrites.submit(accountId, strategy, payload, closeOrderId), done);
    }
    // Offline the write waits (and survives a reload); it is sent once the app is back online.
    if (!onlineManager.isOnline()) {
      notify({
        message: 'You are offline: the order is saved and will be sent when you are back online.',
        color: 'primary',
      });
      void navigate({ to: '/trades', search: { accountId } });
    }
  };

  const brokers = exportAvailability({
    mode,
    strategy,
    valid: valid && sent !== null,
    serverError: serverCode,
  });
  const exportRequest = useCallback(
    (): TradeExportRequest | null =>
      sent && strategy
        ? { strategy, legs: sent, size: sizeNumber, comment, closing: mode === 'close' }
        : null,
    [sent, strategy, sizeNumber, comment, mode],
  );

  const chooseSymbol = (next: string) => {
    setSymbol(next);
    setLegs([]);
    setNeedsDefaults(strategy !== null);
  };
  const chooseStrategy = (next: OrderStrategy) => {
    setStrategy(next);
    setLegs([]);
    setNeedsDefaults(symbol !== null);
  };
  const additions = legAdditions(legs, maxCustomStrategyLegs);
  const addLeg = (kind: 'stock' | 'option') => {
    if (!chain) return;
    setLegs((ls) => [...ls, customLeg(kind, ls, chain, last.data ?? 0, Date.now())]);
  };
  const hasStock = legs.some((l) => l.kind === 'stock');
  const optionCount = legs.filter((l) => l.kind === 'option').length;

  // The domain's arithmetic needs whole, non-zero quantities and at least one leg.
  const priced =
    sent !== null && sent.length > 0 && sent.every((l) => Number.isInteger(l.quantity) && l.quantity !== 0);
  const cents =
    priced && sent && Number.isInteger(sizeNumber) && sizeNumber >= MIN_SIZE
      ? accountEffectCents(sent, sizeNumber)
      : null;
  const prior = stored
    ? priorEffectCents(
        mode,
        stored.proceeds.map((p) => ({ orderId: String(p.orderId), amountCents: p.amountCents })),
        String(stored.orderId),
      )
    : 0;
  const spread = priced && sent ? strategyPriceCents(sent) : null;
  const ready = symbol !== null && strategy !== null;
  const legsMessage =
    fieldErrors.legs ?? Object.entries(fieldErrors).find(([f]) => /^legs\.\d+$/.test(f))?.[1];
  const made = current && calc.data ? calc.data.madeTrade : null;
  // The last profile drawn stays up, dimmed, while the legs do not fit the strategy.
  const [profile, setProfile] = useState<CalculatedTrade | null>(null);
  useEffect(() => {
    if (made) setProfile(made);
  }, [made]);
  const [markersMs] = useState(() => [stored ? Date.parse(stored.createdAt) : Date.now()]);

  return (
    <div className={`order-editor${pending ? ' pending' : ''}`} aria-busy={pending || undefined}>
      <div className="order-top">
        {window.history.length > 1 && (
          <IonButton fill="clear" size="small" onClick={() => router.history.back()}>
            ‹ Back
          </IonButton>
        )}
        <AccountSelect
          value={accountId}
          onChange={setAccountId}
          disabled={!editable.account || pending}
          manage
        />
      </div>
      <div className="order-choice">
        {editable.symbol ? (
          <TickerPicker value={symbol} onChange={chooseSymbol} disabled={pending} />
        ) : (
          <div className="field">
            <span>Ticker</span>
            <strong className="read-only">{symbol}</strong>
          </div>
        )}
        {editable.strategy ? (
          <label className="field">
            <span>Strategy</span>
            <select
              className="app-select"
              aria-label="Strategy"
              value={strategy ?? ''}
              disabled={pending}
              onChange={(e) => chooseStrategy(e.target.value as OrderStrategy)}
            >
              <option value="" disabled>
                Choose a strategy
              </option>
              {STRATEGY_GROUPS.map((group) => (
                <optgroup key={group} label={group}>
                  {SCREENER_STRATEGY_KEYS.filter((k) => STRATEGIES[k].group === group).map((k) => (
                    <option key={k} value={k}>
                      {STRATEGIES[k].title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
        ) : (
          <div className="field">
            <span>Strategy</span>
            <strong className="read-only">{strategy ? STRATEGIES[strategy].title : ''}</strong>
          </div>
        )}
      </div>

      {!ready && <p className="placeholder">{PLACEHOLDER}</p>}
      {ready && newOrder && (chainData.isPending || needsDefaults) && <Spinner />}
      {ready && strategy === CUSTOM_STRATEGY && legs.length === 0 && (
        <p className="placeholder">
          {CUSTOM_EMPTY}{' '}
          <a href={CUSTOM_HELP_URL} target="_blank" rel="noreferrer">
            How custom strategies work
          </a>
        </p>
      )}
      {ready && legs.length > 0 && (
        <LegsTable
          legs={legs}
          symbol={symbol}
          chain={chain}
          editable={editable}
          disabled={pending}
          fieldErrors={fieldErrors}
          onChange={(index, leg) => setLegs((ls) => ls.map((l, i) => (i === index ? leg : l)))}
          onRemove={(index) => setLegs((ls) => ls.filter((_, i) => i !== index))}
        />
      )}
      {ready && legsMessage && (
        <p className="field-error" role="alert">
          {legsMessage}
        </p>
      )}
      {ready && editable.legStructure && (
        <div className="leg-buttons">
          <IonButton
            size="small"
            fill="outline"
            disabled={!additions.stock || pending || !chain}
            onClick={() => addLeg('stock')}
          >
            Stock Leg
          </IonButton>
          <IonButton
            size="small"
            fill="outline"
            disabled={!additions.option || pending || !chain}
            onClick={() => addLeg('option')}
          >
            Option Leg
          </IonButton>
          {additions.warning ? (
            <p className="warning">
              {additions.warning} <Link to="/pricing">Upgrade</Link>
            </p>
          ) : (
            <>
              {hasStock && <p className="hint">{ORDER_MESSAGES.oneStockLeg}</p>}
              {optionCount >= CUSTOM_MAX_OPTION_LEGS && (
                <p className="hint">{ORDER_MESSAGES.tooManyOptionLegs}</p>
              )}
            </>
          )}
        </div>
      )}

      {ready && (
        <div className="order-fields">
          <div className="field">
            <span>Spread price</span>
            <strong className="read-only" data-field="spread-price">
              {spread === null ? '—' : effectText(spread)}
            </strong>
          </div>
          <label className="field">
            <span>Size</span>
            <input
              className="app-input narrow"
              type="number"
              aria-label="Size"
              min={MIN_SIZE}
              step={1}
              value={size}
              readOnly={!editable.size}
              disabled={pending}
              aria-invalid={fieldErrors.size ? true : undefined}
              onChange={(e) => setSize(e.target.value)}
            />
            {fieldErrors.size && <span className="field-error">{fieldErrors.size}</span>}
          </label>
          <div className="field">
            <span>{rules.effectField === 'realizedPl' ? 'Realized PL' : 'Debit/Credit'}</span>
            <strong className="read-only" data-field="effect">
              {cents === null
                ? '—'
                : rules.effectField === 'realizedPl'
                  ? formatMoney((prior + cents) / 100, 2)
                  : effectText(cents)}
            </strong>
          </div>
          <label className="field wide">
            <span>Comment</span>
            <textarea
              className="app-input"
              aria-label="Comment"
              rows={2}
              maxLength={2000}
              value={comment}
              disabled={pending}
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
        </div>
      )}

      {calcText !== null && (
        <p className="field-error" role="alert" data-code={serverCode ?? undefined}>
          {calcText}
        </p>
      )}
      {submitText !== null && submitText !== calcText && (
        <p className="field-error" role="alert">
          {submitText}
        </p>
      )}

      {ready && (
        <div className="submit-row">
          {rules.exportable ? (
            <SendTo
              canSubmit={canSubmit}
              submitBlock={submitBlock}
              brokers={brokers}
              request={exportRequest}
              onSubmit={submit}
            />
          ) : (
            <IonButton disabled={!canSubmit} onClick={submit}>
              Submit
            </IonButton>
          )}
          {pending && <Spinner label="Saving" />}
        </div>
      )}

      {ready && rules.showsMetrics && (
        <section className="order-analysis" aria-label="Trade analysis">
          {made && strategy && <MetricsStrip strategy={strategy} trade={made} />}
          {request && !made && !calcError && calc.isFetching && <Spinner label="Calculating" />}
          <Suspense fallback={<Spinner label="Loading charts" />}>
            {symbol && <Bars symbol={symbol} markersMs={markersMs} />}
            {profile && (
              <ProfileChart profile={profile.pl_profile} size={profile.size} dimmed={mismatch || !made} />
            )}
          </Suspense>
        </section>
      )}
    </div>
  );
}

function Bars({ symbol, markersMs }: { symbol: string; markersMs: readonly number[] }) {
  const bars = useQuery(barsQuery(symbol));
  if (!bars.data) return null;
  return <PriceChart bars={bars.data} markersMs={markersMs} symbol={symbol} />;
}

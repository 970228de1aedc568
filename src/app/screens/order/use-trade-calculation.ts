/**
 * The trade's recalculation (POST /trades/trade, bid/ask level 0) a moment after valid inputs
 * settle, following live quotes (docs/LIVE.md). Legs that do not fit the strategy are known
 * here, as the server would answer (LEGS_MISMATCH): the message stays up without a calculation
 * per keystroke or quote. The last profile drawn stays, dimmed, while the legs do not fit.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { CalculatedTrade, OrderLeg, OrderStrategy, TradeCalculationRequest } from '#api/trades.ts';
import { calculationQuery } from '#app/features/trades/queries.ts';
import { quoteIdsOf, useLiveQuotes } from '#app/live/use-live.ts';
import { validateLegs } from '#domain/strategies/validate-legs.ts';
import { errorCode, errorText, legsMismatchText } from './order-errors.ts';
import { useSettled } from './use-settled.ts';

const RECALC_DELAY_MS = 400;

export interface CalculationInputs {
  /** Whether this mode recalculates at all (not when closing or closed). */
  readonly autoRecalculate: boolean;
  /** The form passes its own checks. */
  readonly valid: boolean;
  readonly symbol: string | null;
  readonly strategy: OrderStrategy | null;
  readonly sent: readonly OrderLeg[] | null;
  readonly size: number;
  /** Adjusting an open order: the order whose position is recalculated. */
  readonly asofOrderId: number | null;
}

/** Legs that do not fit the strategy, known before asking the server. */
export const legsMisfit = (inputs: CalculationInputs): boolean =>
  inputs.autoRecalculate &&
  inputs.valid &&
  inputs.sent !== null &&
  inputs.strategy !== null &&
  !validateLegs(inputs.strategy, inputs.sent).ok;

/** The calculation to ask for now, or null when the inputs do not make one. */
export function calculationRequest(inputs: CalculationInputs): TradeCalculationRequest | null {
  const { autoRecalculate, valid, sent, strategy } = inputs;
  if (!autoRecalculate || !valid || !sent || !strategy || legsMisfit(inputs)) return null;
  return { strategy, legs: [...sent], size: inputs.size, asofOrderId: inputs.asofOrderId };
}

export function useTradeCalculation(inputs: CalculationInputs) {
  const misfit = legsMisfit(inputs);
  const request = calculationRequest(inputs);
  const requestKey = request ? JSON.stringify(request) : null;
  const settledKey = useSettled(requestKey, RECALC_DELAY_MS);
  const settledRequest = useMemo(
    () => (settledKey ? (JSON.parse(settledKey) as TradeCalculationRequest) : null),
    [settledKey],
  );
  const calc = useQuery({
    ...calculationQuery(settledRequest ?? { strategy: 'custom', legs: [] }),
    enabled: settledRequest !== null,
  });
  // The ticker's last price and the calculation follow live quotes (docs/LIVE.md).
  useLiveQuotes(quoteIdsOf(inputs.symbol, settledRequest?.legs));
  const current = request !== null && settledKey === requestKey;
  const error = current && calc.isError ? calc.error : null;
  const serverCode = misfit ? 'LEGS_MISMATCH' : errorCode(error);
  const made = current && calc.data ? calc.data.madeTrade : null;
  const [profile, setProfile] = useState<CalculatedTrade | null>(null);
  useEffect(() => {
    if (made) setProfile(made);
  }, [made]);
  const { strategy } = inputs;
  return {
    /** A calculation is asked for (the inputs make one). */
    requested: request !== null,
    /** The made trade of the current inputs. */
    made,
    /** The last profile drawn. */
    profile,
    error,
    serverCode,
    mismatch: serverCode === 'LEGS_MISMATCH',
    /** What the form says about the calculation. */
    text: misfit && strategy ? legsMismatchText(strategy) : error ? errorText(error, strategy) : null,
    fetching: calc.isFetching,
  };
}

/**
 * Thinkorswim order-entry text (spec 3 §2, §3): one line the platform's order entry reads from
 * the clipboard, in the form its own order log prints:
 *
 *   BUY +1 VERTICAL AAPL 100 17 JAN 25 150/155 CALL @2.10 LMT
 *   SIDE ±QTY [RATIOS] [TYPE] SYMBOL 100 [SERIES] D MMM YY[/D MMM YY…] STRIKE[/STRIKE…] RIGHT[/RIGHT…] @PRICE LMT
 *
 * The first leg listed carries the order's side; the others follow the type's fixed pattern
 * (VERTICAL: the call of the lower strike or the put of the higher one first, bought on BUY;
 * IRON CONDOR: short call, long call, short put, long put on SELL). The side follows the
 * structure, never the prices: a debit spread whose prices net a credit is a BUY at a negative
 * price. QTY is spread units; PRICE is the net per share of one unit, a debit on BUY and a
 * credit on SELL, written as the platform writes it ('.80' below one dollar, '-.50').
 * SERIES is '(Weeklys)' or '(Quarterlys)' for those series, '[AM]' for the AM-settled SPX and
 * NDX monthlies, nothing for other monthlies (expiration-series.ts).
 *
 * Shapes written as one ticket: single option, stock, VERTICAL, STRADDLE, STRANGLE, CALENDAR,
 * DIAGONAL, BUTTERFLY (equal wings, 1:2:1), IRON CONDOR (iron butterflies too, with equal inner
 * strikes), COVERED (long 100 shares per short call), BACKRATIO (two strikes of one right and
 * expiration, unequal quantities, e.g. '1/2 BACKRATIO'; BUY buys the larger leg) and CUSTOM
 * (other options-only orders of 2–4 legs with unequal quantities; the ratios signed from the
 * first leg, e.g. '1/-2/1 CUSTOM' for a butterfly with unequal wings, one date, strike and right
 * per leg). Anything else (a collar, a married put: stock with options, or options in equal
 * quantities outside these shapes) is written as one line per leg with
 * `multiple: true`: the user first switches the order entry to an advanced order type
 * ('Blast All', '1st trgs Seq' or '1st trgs All') and pastes all lines.
 */
import { OPTION_MULTIPLIER, type OptionContract } from '../contracts/contract.ts';
import { expirationSeries, isAmSettled, type SeriesByExpiration } from './expiration-series.ts';
import { type ExportOrder, exportSymbol } from './export-order.ts';
import { type IsoDateParts, isoDateParts, monthAbbreviation } from './iso-date.ts';
import { toCents } from './money.ts';
import { legShares, type OrderLeg, spreadShares } from './order-leg.ts';
import { strategyPriceCents } from './strategy-price.ts';

export interface ThinkorswimExport {
  readonly text: string;
  /** The text holds several orders, one per line. */
  readonly multiple: boolean;
}

/** An option leg of one spread unit: ratio is signed contracts per unit. */
interface UnitLeg {
  readonly contract: OptionContract;
  readonly ratio: number;
}

interface Shape {
  readonly type: string;
  /** +1 BUY, −1 SELL: the side of the first leg listed. */
  readonly lead: number;
  readonly expirations: readonly string[];
  readonly strikes: readonly number[];
  readonly rights: string;
  /** BACKRATIO and CUSTOM: the legs' contracts per unit, '1/2' or '1/-3/2'. */
  readonly ratios?: string;
}

/** Dollars in the platform's style: 148.50, .80, -.35. */
function tosPrice(cents: number): string {
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  return `${cents < 0 ? '-' : ''}${whole === 0 ? '' : whole}.${String(magnitude % 100).padStart(2, '0')}`;
}

function tosDate({ year, month, day }: IsoDateParts): string {
  return `${day} ${monthAbbreviation(month)} ${String(year % 100).padStart(2, '0')}`;
}

const SERIES_TAGS = { weekly: '(Weeklys)', quarterly: '(Quarterlys)', monthly: '' } as const;

/**
 * '(Weeklys) 17 JAN 25/21 FEB 25' style expiration text: the series tag of the first listed
 * date that has one, then the dates.
 */
function seriesText(
  expirations: readonly string[],
  symbol: string,
  listed: SeriesByExpiration | undefined,
): string {
  const tags = expirations.map((expiration) => {
    const series = expirationSeries(expiration, listed);
    return isAmSettled(symbol, series) ? '[AM]' : SERIES_TAGS[series];
  });
  const tag = tags.find((t) => t !== '');
  const dates = expirations.map((expiration) => tosDate(isoDateParts(expiration))).join('/');
  return tag ? `${tag} ${dates}` : dates;
}

const sideText = (lead: number) => (lead > 0 ? 'BUY' : 'SELL');
const signedQuantity = (lead: number, quantity: number) => `${lead > 0 ? '+' : '-'}${quantity}`;

function singleLegLine(
  leg: OrderLeg,
  size: number,
  symbol: string,
  listed: SeriesByExpiration | undefined,
): string {
  const sign = Math.sign(leg.quantity);
  const head = `${sideText(sign)} ${signedQuantity(sign, Math.abs(leg.quantity) * size)} ${symbol}`;
  const price = `@${tosPrice(toCents(leg.limitPrice))} LMT`;
  if (leg.contract.kind === 'stock') return `${head} ${price}`;
  const { expiration, strike, right } = leg.contract;
  return `${head} ${OPTION_MULTIPLIER} ${seriesText([expiration], symbol, listed)} ${strike} ${right} ${price}`;
}

const sameExpiration = (legs: readonly UnitLeg[]) =>
  new Set(legs.map((l) => l.contract.expiration)).size === 1;
const sameRight = (legs: readonly UnitLeg[]) => new Set(legs.map((l) => l.contract.right)).size === 1;
const isPair = (a: UnitLeg, b: UnitLeg) => Math.abs(a.ratio) === 1 && a.ratio === -b.ratio;

function twoLegShape([a, b]: readonly [UnitLeg, UnitLeg]): Shape | undefined {
  const sameExp = sameExpiration([a, b]);
  const opposite = Math.sign(a.ratio) !== Math.sign(b.ratio);
  const ratio = Math.abs(a.ratio) !== Math.abs(b.ratio);
  if (sameRight([a, b]) && sameExp && opposite && ratio && a.contract.strike !== b.contract.strike) {
    // The smaller leg first; buying a back ratio buys the larger leg.
    const [small, large] = Math.abs(a.ratio) < Math.abs(b.ratio) ? [a, b] : [b, a];
    return {
      type: 'BACKRATIO',
      lead: Math.sign(large.ratio),
      expirations: [a.contract.expiration],
      strikes: [small.contract.strike, large.contract.strike],
      rights: a.contract.right,
      ratios: `${Math.abs(small.ratio)}/${Math.abs(large.ratio)}`,
    };
  }
  if (sameRight([a, b]) && isPair(a, b)) {
    if (sameExp && a.contract.strike !== b.contract.strike) {
      // The call of the lower strike (the put of the higher) goes first and carries the side:
      // bought, it is a debit spread (BUY) whatever its prices net.
      const callLike = a.contract.right === 'CALL';
      const [first, second] = a.contract.strike < b.contract.strike === callLike ? [a, b] : [b, a];
      return {
        type: 'VERTICAL',
        lead: first.ratio,
        expirations: [a.contract.expiration],
        strikes: [first.contract.strike, second.contract.strike],
        rights: a.contract.right,
      };
    }
    if (!sameExp) {
      const [back, front] = a.contract.expiration > b.contract.expiration ? [a, b] : [b, a];
      const expirations = [back.contract.expiration, front.contract.expiration];
      const calendar = back.contract.strike === front.contract.strike;
      const strikes = calendar ? [back.contract.strike] : [back.contract.strike, front.contract.strike];
      return {
        type: calendar ? 'CALENDAR' : 'DIAGONAL',
        lead: back.ratio,
        expirations,
        strikes,
        rights: back.contract.right,
      };
    }
    return undefined;
  }
  if (sameExp && !sameRight([a, b]) && Math.abs(a.ratio) === 1 && a.ratio === b.ratio) {
    const [call, put] = a.contract.right === 'CALL' ? [a, b] : [b, a];
    const straddle = call.contract.strike === put.contract.strike;
    const strikes = straddle ? [call.contract.strike] : [call.contract.strike, put.contract.strike];
    return {
      type: straddle ? 'STRADDLE' : 'STRANGLE',
      lead: a.ratio,
      expirations: [a.contract.expiration],
      strikes,
      rights: 'CALL/PUT',
    };
  }
  return undefined;
}

function butterflyShape(legs: readonly UnitLeg[]): Shape | undefined {
  const [low, mid, high] = [...legs].sort((x, y) => x.contract.strike - y.contract.strike);
  if (!low || !mid || !high || !sameExpiration(legs) || !sameRight(legs)) return undefined;
  const [k1, k2, k3] = [low.contract.strike, mid.contract.strike, high.contract.strike];
  const balanced = k2 - k1 > 0 && k2 - k1 === k3 - k2;
  if (!balanced || Math.abs(low.ratio) !== 1 || high.ratio !== low.ratio || mid.ratio !== -2 * low.ratio) {
    return undefined;
  }
  return {
    type: 'BUTTERFLY',
    lead: low.ratio,
    expirations: [low.contract.expiration],
    strikes: [k1, k2, k3],
    rights: low.contract.right,
  };
}

function ironCondorShape(legs: readonly UnitLeg[]): Shape | undefined {
  const byStrike = (x: UnitLeg, y: UnitLeg) => x.contract.strike - y.contract.strike;
  const [innerCall, outerCall] = legs.filter((l) => l.contract.right === 'CALL').sort(byStrike);
  const [outerPut, innerPut] = legs.filter((l) => l.contract.right === 'PUT').sort(byStrike);
  if (!innerCall || !outerCall || !innerPut || !outerPut || !sameExpiration(legs)) return undefined;
  const shaped =
    isPair(innerCall, outerCall) &&
    isPair(innerPut, outerPut) &&
    innerCall.ratio === innerPut.ratio &&
    innerCall.contract.strike < outerCall.contract.strike &&
    outerPut.contract.strike < innerPut.contract.strike &&
    innerPut.contract.strike <= innerCall.contract.strike;
  if (!shaped) return undefined;
  return {
    type: 'IRON CONDOR',
    lead: innerCall.ratio,
    expirations: [innerCall.contract.expiration],
    strikes: [innerCall, outerCall, innerPut, outerPut].map((l) => l.contract.strike),
    rights: 'CALL/PUT',
  };
}

/** The one-ticket shape of the order's legs, if it has one. */
function spreadShape(legs: readonly OrderLeg[], unitShares: number, symbol: string): Shape | undefined {
  const options: UnitLeg[] = [];
  let stockRatio = 0;
  for (const leg of legs) {
    const ratio = (Math.sign(leg.quantity) * legShares(leg)) / unitShares;
    if (leg.contract.kind === 'stock') stockRatio += ratio;
    else options.push({ contract: leg.contract, ratio: ratio });
  }
  const stockLegs = legs.length - options.length;
  if (stockLegs === 1) {
    const [call] = options;
    const covered =
      options.length === 1 && call?.contract.right === 'CALL' && call.ratio === -1 && stockRatio === 1;
    if (!call || !covered) return undefined;
    const { expiration, strike } = call.contract;
    return {
      type: 'COVERED',
      lead: 1,
      expirations: [expiration],
      strikes: [strike],
      rights: `CALL/${symbol}`,
    };
  }
  if (stockLegs > 1) return undefined;
  const [a, b] = options;
  const named =
    options.length === 2 && a && b
      ? twoLegShape([a, b])
      : options.length === 3
        ? butterflyShape(options)
        : options.length === 4
          ? ironCondorShape(options)
          : undefined;
  return named ?? customShape(options);
}

/** Options-only legs in unequal quantities (a ratio structure) as one CUSTOM ticket. */
function customShape(options: readonly UnitLeg[]): Shape | undefined {
  const [first] = options;
  const unequal = new Set(options.map((l) => Math.abs(l.ratio))).size > 1;
  if (!first || options.length < 2 || options.length > 4 || !unequal) return undefined;
  const lead = Math.sign(first.ratio);
  return {
    type: 'CUSTOM',
    lead,
    expirations: options.map((l) => l.contract.expiration),
    strikes: options.map((l) => l.contract.strike),
    rights: options.map((l) => l.contract.right).join('/'),
    ratios: options.map((l) => l.ratio * lead).join('/'),
  };
}

export function thinkorswimOrderText(order: ExportOrder): ThinkorswimExport {
  const symbol = exportSymbol(order);
  const { legs, size } = order;
  const unitShares = spreadShares(legs);
  const shape =
    legs.length > 1 && unitShares % OPTION_MULTIPLIER === 0
      ? spreadShape(legs, unitShares, symbol)
      : undefined;
  if (!shape) {
    return {
      text: legs.map((leg) => singleLegLine(leg, size, symbol, order.series)).join('\n'),
      multiple: legs.length > 1,
    };
  }
  const quantity = (unitShares / OPTION_MULTIPLIER) * size;
  // strategyPrice is + for a credit; BUY shows the debit, SELL the credit.
  const priceCents = shape.lead > 0 ? -strategyPriceCents(legs) : strategyPriceCents(legs);
  const text = [
    sideText(shape.lead),
    signedQuantity(shape.lead, quantity),
    ...(shape.ratios ? [shape.ratios] : []),
    shape.type,
    symbol,
    OPTION_MULTIPLIER,
    seriesText(shape.expirations, symbol, order.series),
    shape.strikes.join('/'),
    shape.rights,
    `@${tosPrice(priceCents)}`,
    'LMT',
  ].join(' ');
  return { text, multiple: false };
}

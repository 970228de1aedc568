import { DataCategory } from '../categories.ts';
import { columnsOf, DisplayKind } from '../column-definition.ts';
import { IndexKind } from '../column-key.ts';

const c = columnsOf(DataCategory.Option);
const money = { display: DisplayKind.Money };
const legMoney = { display: DisplayKind.Money, index: IndexKind.Leg };
const legPercent = { display: DisplayKind.Percent, index: IndexKind.Leg };
const legNumber = { index: IndexKind.Leg };
const legCount = { index: IndexKind.Leg, decimals: 0 };

export const OPTION_DATA_COLUMNS = [
  c('bid', 'Bid', 'Net bid of the whole trade, per share: the price it could be sold for now.', money),
  c('ask', 'Ask', 'Net ask of the whole trade, per share: the price it could be bought for now.', money),
  c('mid', 'Mid', 'Midpoint of the net bid and ask, per share.', money),
  c(
    'bid_secondary',
    'Bid (Options)',
    'Net bid of the option legs alone, without the stock leg; differs from Bid only for trades that hold stock.',
    money,
  ),
  c(
    'ask_secondary',
    'Ask (Options)',
    'Net ask of the option legs alone, without the stock leg; differs from Ask only for trades that hold stock.',
    money,
  ),
  c(
    'mid_secondary',
    'Mid (Options)',
    'Net mid of the option legs alone, without the stock leg; differs from Mid only for trades that hold stock.',
    money,
  ),
  c('bid_ask_spread', 'Bid-Ask Spread', 'Net ask minus net bid of the whole trade, per share.', money),
  c('bid_ask_spread_pc', 'Bid-Ask Spread %', "The trade's bid-ask spread as a percent of its mid price.", {
    display: DisplayKind.Percent,
  }),
  c('strike', 'Strike', 'Strike price of each option leg.', legMoney),
  c(
    'moneyness',
    'Moneyness',
    'Distance of each strike from the stock price, in percent of the price: (strike − price) / price.',
    legPercent,
  ),
  c('volume', 'Opt. Volume', 'Contracts of each option leg traded today.', legCount),
  c('open_interest', 'Open Int.', 'Open contracts of each option leg.', legCount),
  c(
    'change_percent',
    'Opt. Change %',
    "Change of each leg's price today versus the previous close.",
    legPercent,
  ),
  c('intraday_high', 'Opt. High', "Each leg's highest traded price today.", legMoney),
  c('intraday_low', 'Opt. Low', "Each leg's lowest traded price today.", legMoney),
  c('leg_bid', 'Leg Bid', 'Bid of each option leg.', legMoney),
  c('leg_ask', 'Leg Ask', 'Ask of each option leg.', legMoney),
  c('leg_mid', 'Leg Mid', 'Midpoint of the bid and ask of each option leg.', legMoney),
  c('leg_iv', 'Leg IV', 'Implied volatility of each option leg, annualized.', legPercent),
  c('leg_bid_ask_spread', 'Leg Bid-Ask', 'Ask minus bid of each option leg.', legMoney),
  c(
    'leg_bid_ask_spread_pc',
    'Leg Bid-Ask %',
    "Each leg's bid-ask spread as a percent of its mid.",
    legPercent,
  ),
  c(
    'option_volume_power',
    'Opt. Volume Power',
    "Each leg's volume today divided by its open interest: high values mean fresh interest.",
    legNumber,
  ),
  c('prob_otm', 'Prob. OTM', 'Probability that each option leg expires out of the money.', legPercent),
  c(
    'intrinsic_value',
    'Intrinsic Value',
    "The in-the-money part of the trade's value (its worth if exercised now), per share.",
    money,
  ),
  c(
    'extrinsic_value',
    'Extrinsic Value',
    'Time value of the trade: mid price minus intrinsic value, per share.',
    money,
  ),
  c(
    'leg_strike_atr',
    'Strike vs ATR',
    'Distance of each strike from the price in average true ranges: (strike − price) / ATR.',
    legNumber,
  ),
  c(
    'leg_strike_std21',
    'Strike vs Std. Dev.',
    "Distance of each strike from the price in standard deviations of the move to the leg's expiration (21-day deviation × √(days/365)).",
    legNumber,
  ),
  c(
    'leg_strike_p_e',
    'Strike P/E',
    'P/E the stock would have at each strike: strike / trailing EPS.',
    legNumber,
  ),
  c(
    'leg_strike_forward_p_e',
    'Strike Fwd. P/E',
    'Forward P/E the stock would have at each strike: strike / next-year EPS estimate.',
    legNumber,
  ),
  c(
    'leg_strike_simple_moving_avg_200_day',
    'Strike vs SMA200',
    'Distance of each strike from the 200-day simple moving average, in percent of the average.',
    legPercent,
  ),
  c(
    'leg_strike_week_52_high',
    'Strike vs 52W High',
    'Distance of each strike from the 52-week high, in percent of the high.',
    legPercent,
  ),
  c(
    'leg_strike_week_52_low',
    'Strike vs 52W Low',
    'Distance of each strike from the 52-week low, in percent of the low.',
    legPercent,
  ),
  c(
    'leg_strike_target_price_percent',
    'Strike vs Target',
    'Distance of each strike from the analyst target price, in percent of the target.',
    legPercent,
  ),
  c(
    'leg_strike_dividend_yield',
    'Strike Div. Yield',
    'Dividend yield the stock would have at each strike: annual dividend / strike.',
    legPercent,
  ),
];

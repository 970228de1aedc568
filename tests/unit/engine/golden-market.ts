/**
 * The hand-made chain of the golden scans: XYZ at $100.00, one monthly expiration (2026-03-20,
 * 16 days after TINY_AS_OF), strikes 90–110 in steps of 5, quotes chosen by hand (mids: puts
 * 0.25, 0.90, 2.50, 5.65, 10.20; calls 10.35, 5.80, 2.90, 1.10, 0.30).
 */
import { fixedMarket, type TinyMarket } from './tiny-market.ts';

export const goldenMarket = (): TinyMarket =>
  fixedMarket({
    symbol: 'XYZ',
    spot: 100,
    iv: 0.3,
    expirations: [
      {
        date: '2026-03-20',
        quotes: [
          { strike: 90, call: [10.2, 10.5], put: [0.2, 0.3] },
          { strike: 95, call: [5.7, 5.9], put: [0.8, 1.0] },
          { strike: 100, call: [2.8, 3.0], put: [2.4, 2.6] },
          { strike: 105, call: [1.0, 1.2], put: [5.5, 5.8] },
          { strike: 110, call: [0.25, 0.35], put: [10.0, 10.4] },
        ],
      },
    ],
  });

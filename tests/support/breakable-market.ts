/**
 * A market provider that fails on demand: the simulator, with one method throwing what `failure`
 * answers while it answers an error (null: the simulator's own answer).
 *
 *   let broken = false;
 *   const market = breakableMarket(inner, 'snapshot', () => (broken ? new Error('feed down') : null));
 */
import type { MarketProvider } from '#server/market/provider.ts';

export function breakableMarket(
  inner: MarketProvider,
  method: keyof MarketProvider,
  failure: () => Error | null,
): MarketProvider {
  return new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (key === method)
        return (...args: unknown[]) => {
          const error = failure();
          if (error) throw error;
          return value.apply(target, args);
        };
      return value.bind(target);
    },
  });
}

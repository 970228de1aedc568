/** `GET /api/v1/market/environment` (spec 1 §3, §7). */
export interface MarketEnvironment {
  /** Annual risk-free rate, continuously compounded, as a fraction (0.0525 = 5.25%). */
  riskFreeRate: number;
}

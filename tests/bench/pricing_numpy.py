"""Vectorised numpy/scipy Black-Scholes-Merton: the peer of tests/bench/pricing.bench.ts.

Usage: python3 pricing_numpy.py INPUT_FILE N WARMUPS RUNS
INPUT_FILE holds 7 float64 columns of N rows each, one after the other:
isCall (1 or 0), S, K, T, r, q, sigma. Prints one JSON line: ns per option of every timed run of
price + delta + gamma + theta (per day) + vega (per vol point), the same outputs as the JS batch,
and a checksum of the prices so the caller can see both sides priced the same options.
"""

import json
import sys
import time

import numpy as np
from scipy import special

INV_SQRT_2PI = 0.3989422804014327


def bsm(is_call, S, K, T, r, q, sigma):
    sign = np.where(is_call != 0, 1.0, -1.0)
    sqrt_t = np.sqrt(T)
    sd = sigma * sqrt_t
    d1 = (np.log(S / K) + (r - q + 0.5 * sigma * sigma) * T) / sd
    d2 = d1 - sd
    df_q = np.exp(-q * T)
    df_r = np.exp(-r * T)
    n1 = special.ndtr(sign * d1)
    n2 = special.ndtr(sign * d2)
    density_q = df_q * INV_SQRT_2PI * np.exp(-0.5 * d1 * d1)
    spot = S * df_q
    strike = K * df_r
    price = sign * (spot * n1 - strike * n2)
    delta = sign * df_q * n1
    gamma = density_q / (S * sd)
    theta = (-0.5 * S * density_q * sigma / sqrt_t + sign * (q * spot * n1 - r * strike * n2)) / 365
    vega = S * density_q * sqrt_t * 0.01
    return price, delta, gamma, theta, vega


def main():
    path, n, warmups, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    cols = np.fromfile(path, dtype=np.float64).reshape(7, n)
    args = [np.ascontiguousarray(c) for c in cols]
    for _ in range(warmups):
        bsm(*args)
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        out = bsm(*args)
        samples.append((time.perf_counter_ns() - t0) / n)
    print(json.dumps({"ns_per_option": samples, "price_sum": float(np.sum(out[0]))}))


if __name__ == "__main__":
    main()

/**
 * Nelder–Mead simplex minimisation (Lagarias et al. 1998 coefficients: reflection 1, expansion 2,
 * contraction ½, shrink ½). Used only by the offline derivation to fit a handful of parameters.
 */
export function minimize(
  f: (x: readonly number[]) => number,
  start: readonly number[],
  step: readonly number[],
  iterations = 2000,
): { x: number[]; value: number } {
  const n = start.length;
  let simplex = [start.slice()];
  for (let i = 0; i < n; i++) {
    const p = start.slice();
    p[i] = (p[i] as number) + (step[i] as number);
    simplex.push(p);
  }
  let values = simplex.map(f);
  for (let it = 0; it < iterations; it++) {
    const order = values.map((_, i) => i).sort((a, b) => (values[a] as number) - (values[b] as number));
    simplex = order.map((i) => simplex[i] as number[]);
    values = order.map((i) => values[i] as number);
    const best = values[0] as number;
    const worst = values[n] as number;
    if (Math.abs(worst - best) <= 1e-12 * (Math.abs(best) + 1e-12)) break;
    const centroid = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) centroid[j] = (centroid[j] as number) + (simplex[i]?.[j] as number) / n;
    const towards = (t: number) => centroid.map((c, j) => c + t * ((simplex[n]?.[j] as number) - c));
    const reflected = towards(-1);
    const fr = f(reflected);
    if (fr < best) {
      const expanded = towards(-2);
      const fe = f(expanded);
      simplex[n] = fe < fr ? expanded : reflected;
      values[n] = Math.min(fe, fr);
    } else if (fr < (values[n - 1] as number)) {
      simplex[n] = reflected;
      values[n] = fr;
    } else {
      const contracted = fr < worst ? towards(-0.5) : towards(0.5);
      const fc = f(contracted);
      if (fc < Math.min(fr, worst)) {
        simplex[n] = contracted;
        values[n] = fc;
      } else {
        const b = simplex[0] as number[];
        simplex = simplex.map((p, i) =>
          i === 0 ? p : p.map((v, j) => (b[j] as number) + 0.5 * (v - (b[j] as number))),
        );
        values = simplex.map(f);
      }
    }
  }
  let bi = 0;
  for (let i = 1; i <= n; i++) if ((values[i] as number) < (values[bi] as number)) bi = i;
  return { x: simplex[bi] as number[], value: values[bi] as number };
}

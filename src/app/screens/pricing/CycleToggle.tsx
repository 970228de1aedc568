import type { PricingCycle } from '#app/route-params.ts';

/** Monthly or yearly prices: two radio buttons drawn as one segmented switch. */
export function CycleToggle({
  value,
  onChange,
}: {
  value: PricingCycle;
  onChange: (cycle: PricingCycle) => void;
}) {
  const option = (cycle: PricingCycle, label: string, badge?: string) => (
    <label className={`cycle-option${value === cycle ? ' selected' : ''}`}>
      <input
        type="radio"
        name="billing-cycle"
        value={cycle}
        checked={value === cycle}
        onChange={() => onChange(cycle)}
      />
      <span>{label}</span>
      {badge && <span className="cycle-badge">{badge}</span>}
    </label>
  );
  return (
    <fieldset className="cycle-toggle">
      <legend className="visually-hidden">Billing cycle</legend>
      {option('monthly', 'Monthly')}
      {option('yearly', 'Yearly', 'save up to 20%')}
    </fieldset>
  );
}

/**
 * The scan definition's editors, loaded on their first opening: a filter's editor (one form per
 * kind of value) and the custom and ratio strategies' editors. Reading a scan's results needs
 * none of them.
 */
import { type ComponentProps, lazy } from 'react';
import { DialogSuspense } from '#app/components/DialogSuspense.tsx';

const FilterEditor = lazy(() => import('./FilterEditor.tsx').then((m) => ({ default: m.FilterDialog })));
const CustomLegsEditor = lazy(() =>
  import('./StrategyEditors.tsx').then((m) => ({ default: m.CustomLegsDialog })),
);
const RatioEditor = lazy(() => import('./StrategyEditors.tsx').then((m) => ({ default: m.RatioDialog })));

export const FilterDialog = (props: ComponentProps<typeof FilterEditor>) => (
  <DialogSuspense title={props.title} onClose={props.onClose}>
    <FilterEditor {...props} />
  </DialogSuspense>
);

export const CustomLegsDialog = (props: ComponentProps<typeof CustomLegsEditor>) => (
  <DialogSuspense title="Custom Strategy" onClose={props.onCancel}>
    <CustomLegsEditor {...props} />
  </DialogSuspense>
);

export const RatioDialog = (props: ComponentProps<typeof RatioEditor>) => (
  <DialogSuspense title="Ratio Spread" onClose={props.onCancel}>
    <RatioEditor {...props} />
  </DialogSuspense>
);

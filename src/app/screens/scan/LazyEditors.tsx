/**
 * The scan definition's editors, loaded on their first opening (`OnDemand`: meanwhile the
 * dialog's frame says "Loading..."): ADD FILTERS, a filter's editor (one form per kind of value)
 * and the custom and ratio strategies' editors. Reading a scan's results needs none of them.
 */
import type { ComponentProps } from 'react';
import { LoadingDialog } from '#app/components/LoadingDialog.tsx';
import { loadable, OnDemand } from '#app/components/OnDemand.tsx';
import type * as AddFilters from './AddFiltersDialog.tsx';
import type * as Filters from './FilterEditor.tsx';
import type * as Strategies from './StrategyEditors.tsx';

type AddFiltersProps = ComponentProps<typeof AddFilters.AddFiltersDialog>;
type FilterProps = ComponentProps<typeof Filters.FilterDialog>;
type CustomLegsProps = ComponentProps<typeof Strategies.CustomLegsDialog>;
type RatioProps = ComponentProps<typeof Strategies.RatioDialog>;

const addFilters = loadable(() => import('./AddFiltersDialog.tsx').then((m) => m.AddFiltersDialog));
const filterEditor = loadable(() => import('./FilterEditor.tsx').then((m) => m.FilterDialog));
const customLegsEditor = loadable(() => import('./StrategyEditors.tsx').then((m) => m.CustomLegsDialog));
const ratioEditor = loadable(() => import('./StrategyEditors.tsx').then((m) => m.RatioDialog));

export const AddFiltersDialog = (props: AddFiltersProps) => (
  <OnDemand
    code={addFilters}
    props={props}
    fallback={<LoadingDialog title="Add Filters" onClose={props.onClose} />}
  />
);

export const FilterDialog = (props: FilterProps) => (
  <OnDemand
    code={filterEditor}
    props={props}
    fallback={<LoadingDialog title={props.title} onClose={props.onClose} />}
  />
);

export const CustomLegsDialog = (props: CustomLegsProps) => (
  <OnDemand
    code={customLegsEditor}
    props={props}
    fallback={<LoadingDialog title="Custom Strategy" onClose={props.onCancel} />}
  />
);

export const RatioDialog = (props: RatioProps) => (
  <OnDemand
    code={ratioEditor}
    props={props}
    fallback={<LoadingDialog title="Ratio Spread" onClose={props.onCancel} />}
  />
);

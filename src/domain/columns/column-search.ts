import { type ColumnGroup, columnGroups } from './column-catalogue.ts';
import { ColumnScope } from './column-definition.ts';

/**
 * The chooser's 'Filter as you type' (spec 2 §2.5): case-insensitive substring match on title or
 * description, keeping category order. A blank query returns every offered column.
 */
export const searchColumns = (
  query: string,
  scope: ColumnScope = ColumnScope.Screener,
): readonly ColumnGroup[] => {
  const needle = query.trim().toLowerCase();
  const groups = columnGroups(scope);
  if (needle === '') return groups;
  return groups
    .map((g) => ({
      category: g.category,
      columns: g.columns.filter(
        (c) => c.title.toLowerCase().includes(needle) || c.description.toLowerCase().includes(needle),
      ),
    }))
    .filter((g) => g.columns.length > 0);
};

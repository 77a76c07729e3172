// A grid's sort as one URL parameter ('model:asc'), so a shared link opens the same ordering.

export interface SortItem {
  field: string;
  sort: 'asc' | 'desc';
}

/** The sort named by the parameter, or none when it is missing or names a column that cannot be sorted. */
export function sortFromParam(value: string | null, sortableFields: readonly string[]): SortItem[] {
  if (!value) return [];
  const [field, direction] = value.split(':');
  if (!sortableFields.includes(field) || (direction !== 'asc' && direction !== 'desc')) return [];
  return [{ field, sort: direction }];
}

/** The parameter for a sort model, or null to drop it. */
export function sortToParam(model: readonly { field: string; sort?: 'asc' | 'desc' | null }[]): string | null {
  const first = model[0];
  return first?.sort ? `${first.field}:${first.sort}` : null;
}

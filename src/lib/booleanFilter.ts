/** A yes/no list filter kept in the URL: 'true', 'false', or '' for either. */
export type BooleanFilter = '' | 'true' | 'false';

/** The filter a URL parameter holds; anything but 'true' or 'false' means either. */
export const booleanFilterParam = (value: string | null): BooleanFilter =>
  value === 'true' || value === 'false' ? value : '';

/** The list query's value: left out (undefined) when the filter allows either. */
export const booleanFilterQuery = (filter: BooleanFilter): boolean | undefined =>
  filter ? filter === 'true' : undefined;

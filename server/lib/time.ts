export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** UTC calendar day 'YYYY-MM-DD'. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** SQL for the first day of the current UTC month, shared so every "month to date" figure agrees. */
export const MONTH_START_SQL = `date_trunc('month', timezone('UTC', now()))::date`;
export const TODAY_SQL = `timezone('UTC', now())::date`;

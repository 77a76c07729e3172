-- Migration 31: the key periods (migration 8) as functions PostgreSQL inlines into the statement that calls them.
-- A SQL function is inlined only when its body is one SELECT of an expression, without FROM or WHERE
-- (https://wiki.postgresql.org/wiki/Inlining_of_SQL_functions); migration 8's `WHERE period <> 'none'` made each call
-- a function call of its own: 10,000 keys listed with both periods took 55-65 ms on PGlite against 12-15 inlined.
-- The same values: NULL for 'none' (and for a NULL period), as before (server/test/keyLimits.test.ts checks both
-- against contract/keyLimits.ts, and that they are inlined).
CREATE OR REPLACE FUNCTION key_period_start(period text, at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN period <> 'none'
              THEN timezone('UTC', date_trunc(CASE period WHEN 'daily' THEN 'day' WHEN 'weekly' THEN 'week' ELSE 'month' END,
                                              timezone('UTC', at)))
         END
$$;
CREATE OR REPLACE FUNCTION key_period_end(period text, at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN period <> 'none'
              THEN timezone('UTC', timezone('UTC', key_period_start(period, at))
                                   + CASE period WHEN 'daily' THEN interval '1 day' WHEN 'weekly' THEN interval '1 week'
                                                 ELSE interval '1 month' END)
         END
$$;

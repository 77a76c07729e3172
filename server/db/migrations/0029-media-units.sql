-- Migration 29: images, audio and rerank (docs/media.md, issue 42).
-- Each is billed by its own unit (an image of a size, a second of audio, a character of speech, a search unit) at the
-- unit prices of the model's pricing tier: integer micro-dollars per unit, by unit key (contract/mediaUnits.ts), as
-- { "image:1024x1024": 40000, "audio_second": 100 }. A tier without them prices tokens only.
ALTER TABLE pricing_tiers ADD COLUMN unit_prices jsonb NOT NULL DEFAULT '{}'::jsonb;

-- What a media request was billed by: its unit key and how many (null for a request priced by tokens).
ALTER TABLE usage_events ADD COLUMN unit text;
ALTER TABLE usage_events ADD COLUMN units integer;

-- The day's units by model (usage reports, the statement): how many a media model was billed, and its unit without
-- the size (`image`, `audio_second`, …). A model has one unit; 0 and null for a model priced by tokens.
ALTER TABLE usage_daily ADD COLUMN units bigint NOT NULL DEFAULT 0;
ALTER TABLE usage_daily ADD COLUMN unit text;

-- Migration 3: sessions that can be ended.
-- A session token names its row; signing out ends the row, so a copied token stops working at once. Rows outlive
-- their expiry briefly and are deleted when their user next signs in.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);

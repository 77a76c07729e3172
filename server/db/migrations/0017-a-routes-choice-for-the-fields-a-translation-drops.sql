-- Migration 17: a route's choice for the fields a translation between formats would leave out.
-- A sampling hint a deployment's format lacks (top_k, seed, a penalty) or a field the gateway does not know is left
-- out and named in the x-gateway-dropped-params header ('drop', as before this migration, for every existing
-- route), or the request is refused naming it ('refuse') (docs/gateway.md, "Compatibility").
ALTER TABLE model_routes
  ADD COLUMN unsupported_params text NOT NULL DEFAULT 'drop' CHECK (unsupported_params IN ('drop', 'refuse'));

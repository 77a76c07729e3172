import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';

/** The team's API keys for the gateway (docs/api-contract.md, Calls: API keys). */
export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  key_prefix: Type.String(),
  is_active: Type.Boolean(),
  created_at: Type.String(),
  last_used_at: Nullable(Type.String()),
  user_name: Nullable(Type.String()),
  user_email: Nullable(Type.String()),
});
export type ApiKey = Static<typeof ApiKey>;

/** The answer to a create: the full secret `key`, shown once. */
export const CreatedApiKey = Type.Composite([ApiKey, Type.Object({ key: Type.String() })]);
export type CreatedApiKey = Static<typeof CreatedApiKey>;

export const ApiKeyCreateBody = Type.Object({
  name: Type.String({ maxLength: 100, errorMessage: 'name must be 1-100 characters' }),
});
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>;

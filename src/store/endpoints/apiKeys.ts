import type { Success } from '../../../contract/schemas/common';
import type {
  ApiKey,
  ApiKeyCreateBody,
  ApiKeyRotateBody,
  ApiKeyUpdateBody,
  CachePurged,
  CreatedApiKey,
} from '../../../contract/schemas/apiKeys';
import {
  API_KEYS_PATH,
  TEAM_CACHE_PATH,
  apiKeyCachePath,
  apiKeyPath,
  apiKeyRotatePath,
} from '../../../contract/apiPaths';
import { listTags, type Build } from '../tags';

export const apiKeyEndpoints = (build: Build) => ({
  getApiKeys: build.query<ApiKey[], void>({
    query: () => API_KEYS_PATH,
    providesTags: (keys) => listTags('ApiKey', keys, (key) => key.id),
  }),
  createApiKey: build.mutation<CreatedApiKey, ApiKeyCreateBody>({
    query: (body) => ({ url: API_KEYS_PATH, method: 'POST', body }),
    invalidatesTags: [{ type: 'ApiKey', id: 'LIST' }, 'DashboardStats', 'Activity', 'ModelCatalog'],
  }),
  updateApiKey: build.mutation<ApiKey, { id: string; changes: ApiKeyUpdateBody }>({
    query: ({ id, changes }) => ({ url: apiKeyPath(id), method: 'PATCH', body: changes }),
    invalidatesTags: (_result, _error, { id }) => [{ type: 'ApiKey', id }, 'ModelCatalog'],
  }),
  rotateApiKey: build.mutation<CreatedApiKey, { id: string } & ApiKeyRotateBody>({
    query: ({ id, grace_seconds }) => ({ url: apiKeyRotatePath(id), method: 'POST', body: { grace_seconds } }),
    invalidatesTags: (_result, _error, { id }) => [{ type: 'ApiKey', id }],
  }),
  revokeApiKey: build.mutation<Success, string>({
    query: (keyId) => ({ url: apiKeyPath(keyId), method: 'DELETE' }),
    invalidatesTags: (_result, _error, keyId) => [
      { type: 'ApiKey', id: keyId },
      'DashboardStats',
      'Activity',
      'ModelCatalog',
    ],
  }),
  // The response cache's answers are in no query (docs/gateway.md#caching): a purge makes nothing stale.
  purgeApiKeyCache: build.mutation<CachePurged, string>({
    query: (keyId) => ({ url: apiKeyCachePath(keyId), method: 'DELETE' }),
  }),
  purgeTeamCache: build.mutation<CachePurged, void>({
    query: () => ({ url: TEAM_CACHE_PATH, method: 'DELETE' }),
  }),
});

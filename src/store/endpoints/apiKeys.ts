import type { Success } from '../../../contract/schemas/common';
import type { ApiKey, ApiKeyCreateBody, CreatedApiKey } from '../../../contract/schemas/apiKeys';
import { listTags, type Build } from '../tags';

export const apiKeyEndpoints = (build: Build) => ({
  getApiKeys: build.query<ApiKey[], void>({
    query: () => '/v1/api-keys/',
    providesTags: (keys) => listTags('ApiKey', keys, (key) => key.id),
  }),
  createApiKey: build.mutation<CreatedApiKey, ApiKeyCreateBody>({
    query: (body) => ({ url: '/v1/api-keys/', method: 'POST', body }),
    invalidatesTags: [{ type: 'ApiKey', id: 'LIST' }, 'DashboardStats', 'Activity'],
  }),
  revokeApiKey: build.mutation<Success, string>({
    query: (keyId) => ({ url: `/v1/api-keys/${encodeURIComponent(keyId)}`, method: 'DELETE' }),
    invalidatesTags: (_result, _error, keyId) => [{ type: 'ApiKey', id: keyId }, 'DashboardStats', 'Activity'],
  }),
});

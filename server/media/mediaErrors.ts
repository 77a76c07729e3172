import { GatewayError } from '../formats/gatewayError';
import { MEDIA_ENDPOINTS, unitPriceLabel, type MediaEndpoint } from '../../contract/mediaUnits';
import { PROVIDERS } from '../providers/registry';

/** No deployment of the model answers this media door (a chat model asked for an image, say). */
export function mediaNotOffered(model: string, endpoint: MediaEndpoint) {
  const providers = Object.values(PROVIDERS)
    .filter((provider) => provider.mediaModels)
    .map((provider) => provider.name);
  return new GatewayError(
    400,
    'invalid_request_error',
    'unsupported_endpoint',
    `The model "${model}" does not answer ${MEDIA_ENDPOINTS[endpoint].path}; ` +
      `media models of ${providers.join(', ')} do (docs/media.md).`,
    'model',
  );
}

/** The model answers the door, but its pricing tier has no price for the unit: nothing would say what to bill. */
export const unitNotPriced = (model: string, key: string) =>
  new GatewayError(
    400,
    'invalid_request_error',
    'unit_not_priced',
    `The model "${model}" has no price for ${unitPriceLabel(key)} in its pricing tier; an administrator can add one ` +
      `(Admin → Pricing, unit prices).`,
    key.startsWith('image') ? 'size' : 'model',
  );

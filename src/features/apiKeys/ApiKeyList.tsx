import { useCallback } from 'react';
import { CardActions, CardCaption, CardFacts, CardHeading, CardList, CardTitle } from '../../components/CardList';
import { keyUserText, maskedKeyPrefix, NEVER_USED } from './apiKeys';
import { formatDate, formatDateTime } from '../../lib/time';
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import type { ApiKeyRowActions } from './apiKeyColumns';
import { SpendBar } from '../../components/SpendBar';
import { KeyStatusChips } from './KeyStatusChips';
import { NO_LIMIT, rotationText, spendAgainstLimit } from './keyStatus';

export interface ApiKeyListProps {
  keys: ApiKey[];
  actions: ApiKeyRowActions;
  withUser: boolean;
}

/** The API keys table on a phone: each key as a card with the grid's columns in the grid's order (see CardList). */
export function ApiKeyList({ keys, actions, withUser }: ApiKeyListProps) {
  // One renderer while its inputs stay: CardList then leaves the cards alone when nothing else changed.
  const renderCard = useCallback(
    (key: ApiKey) => <ApiKeyCard apiKey={key} actions={actions} withUser={withUser} />,
    [actions, withUser],
  );
  return (
    <CardList
      items={keys}
      itemKey={(key) => key.id}
      renderCard={renderCard}
      label="API keys"
      loadingLabel="Loading API keys"
      noRowsLabel="No API keys"
      cardHeight={250}
    />
  );
}

function ApiKeyCard({ apiKey, actions, withUser }: { apiKey: ApiKey; actions: ApiKeyRowActions; withUser: boolean }) {
  const spend = spendAgainstLimit(apiKey);
  const rotation = rotationText(apiKey, new Date());
  const offered = actions.offered(apiKey);
  return (
    <>
      <CardTitle end={<KeyStatusChips apiKey={apiKey} />}>
        <CardHeading>{apiKey.name}</CardHeading>
        <CardCaption>{`Created ${formatDate(apiKey.created_at)}`}</CardCaption>
      </CardTitle>
      <CardFacts
        facts={[
          ...(withUser
            ? [['User', [keyUserText(apiKey), apiKey.user_email].filter(Boolean).join(' · ')] as [string, string]]
            : []),
          ['Key Prefix', <code key="prefix">{maskedKeyPrefix(apiKey.key_prefix)}</code>],
          [
            'Spend / limit',
            <SpendBar
              key="spend"
              spend={spend}
              emptyText={NO_LIMIT}
              caption={spend?.resets}
              label={`${apiKey.name} spend against its limit`}
            />,
          ],
          ['Last Used', formatDateTime(apiKey.last_used_at, NEVER_USED)],
          ...(rotation ? [['Rotation', rotation] as [string, string]] : []),
        ]}
      />
      <CardActions
        actions={[
          { label: 'View details', onClick: () => actions.onView(apiKey) },
          ...(offered.edit ? [{ label: 'Edit', onClick: () => actions.onEdit(apiKey) }] : []),
          ...(offered.rotate ? [{ label: 'Rotate', onClick: () => actions.onRotate(apiKey) }] : []),
          ...(offered.revoke ? [{ label: 'Revoke', onClick: () => actions.onRevoke(apiKey), destructive: true }] : []),
        ]}
      />
    </>
  );
}

import { lazy, Suspense, useCallback, useState } from 'react';
import type { ApiKey } from '../../../contract/schemas/apiKeys';

// Downloaded when first opened (docs/performance.md, Bundle budget): the page's first screen needs none of them.
const ApiKeyDetailsDialog = lazy(() => import(/* webpackChunkName: "dialog-api-key" */ './ApiKeyDetailsDialog'));
const EditApiKeyDialog = lazy(() => import(/* webpackChunkName: "dialog-api-key" */ './EditApiKeyDialog'));
const RotateApiKeyDialog = lazy(() => import(/* webpackChunkName: "dialog-api-key" */ './RotateApiKeyDialog'));

type DialogKind = 'view' | 'edit' | 'rotate';

/**
 * The row actions' dialogs: view details, edit, rotate. A dialog shows the key as the list has it now (by id), so a
 * refetch after a change shows the new figures; a key that is gone closes its dialog.
 */
export function useApiKeyDialogs(keys: readonly ApiKey[] | undefined, mayManage: (key: ApiKey) => boolean) {
  const [open, setOpen] = useState<{ kind: DialogKind; keyId: string } | null>(null);
  const opener = useCallback((kind: DialogKind) => (key: ApiKey) => setOpen({ kind, keyId: key.id }), []);
  const close = useCallback(() => setOpen(null), []);
  const apiKey = open && keys?.find((key) => key.id === open.keyId);

  const dialogs = apiKey ? (
    <Suspense fallback={null}>
      {open.kind === 'view' && <ApiKeyDetailsDialog apiKey={apiKey} mayManage={mayManage(apiKey)} onClose={close} />}
      {open.kind === 'edit' && <EditApiKeyDialog apiKey={apiKey} onClose={close} />}
      {open.kind === 'rotate' && <RotateApiKeyDialog apiKey={apiKey} onClose={close} />}
    </Suspense>
  ) : null;

  return { opener, dialogs };
}

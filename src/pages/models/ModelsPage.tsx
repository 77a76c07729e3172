import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageLoader } from '../../components/PageLoader';
import { TextInput } from '../../components/TextInput';
import { CreateTeamWelcomeCard } from '../../components/CreateTeamWelcome';
import { ModelCard } from '../../features/models/ModelCard';
import { searchModels } from '../../features/models/models';
import { errorMessage } from '../../lib/apiError';
import { isNoTeamError } from '../../lib/noTeam';
import { useTeamless } from '../../features/team/useTeamless';
import { toastShown } from '../../slices/toastsSlice';
import { useGetApiKeysQuery, useGetModelCatalogQuery } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { RouteHeader } from '../../components/RouteHeader';

export const NO_MODELS = 'No models match.';

export function ModelsPage() {
  const dispatch = useAppDispatch();
  const { data, error, isLoading } = useGetModelCatalogQuery(undefined, { refetchOnMountOrArgChange: true });
  // Everyone sees the models and their prices; a user without a team has no keys to ask for.
  const teamless = useTeamless();
  const { data: keys } = useGetApiKeysQuery(undefined, { skip: !data || teamless });
  const [search, setSearch] = useState('');
  // The catalog's arrival, the keys' after it and each keystroke of the search are store or input updates React
  // renders at once, in one task: dozens of cards with a price table each are a long task on a phone (Lighthouse's
  // Total Blocking Time; docs/performance.md). Deferred, the cards render in slices, the search field stays
  // responsive, and cards whose props did not change are skipped (ModelCard is memoised).
  const shownData = useDeferredValue(data);
  const shownSearch = useDeferredValue(search);
  const shownKeys = useDeferredValue(keys);
  const keyNames = useMemo(() => new Map((shownKeys ?? []).map((key) => [key.id, key.name])), [shownKeys]);
  const models = useMemo(() => searchModels(shownData?.models ?? [], shownSearch), [shownData, shownSearch]);

  const copy = useCallback(
    async (id: string) => {
      try {
        await navigator.clipboard.writeText(id);
        dispatch(toastShown(`${id} copied`, 'success'));
      } catch {
        dispatch(toastShown('Could not copy. Select the name and copy it by hand.', 'error'));
      }
    },
    [dispatch],
  );
  const onCopy = useCallback((id: string) => void copy(id), [copy]);

  const content = () => {
    if (isNoTeamError(error)) return <CreateTeamWelcomeCard />;
    if (isLoading || (data && !shownData)) return <PageLoader label="Loading models" />;
    if (error) return <Alert severity="error">{errorMessage(error, 'Failed to load the models.')}</Alert>;
    return (
      <>
        <TextInput
          label="Search models"
          type="search"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        />
        {models.length === 0 ? (
          <Typography color="textSecondary">{NO_MODELS}</Typography>
        ) : (
          <Stack spacing={2}>
            {models.map((model) => (
              <ModelCard key={model.id} model={model} keyNames={keyNames} onCopy={onCopy} />
            ))}
          </Stack>
        )}
      </>
    );
  };

  return (
    <>
      <RouteHeader path="/models" />
      {content()}
    </>
  );
}

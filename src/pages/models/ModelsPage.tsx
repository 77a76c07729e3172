import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/PageHeader';
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

export const NO_MODELS = 'No models match.';

export function ModelsPage() {
  const dispatch = useAppDispatch();
  const { data, error, isLoading } = useGetModelCatalogQuery(undefined, { refetchOnMountOrArgChange: true });
  // Everyone sees the models and their prices; a user without a team has no keys to ask for.
  const teamless = useTeamless();
  const { data: keys } = useGetApiKeysQuery(undefined, { skip: !data || teamless });
  const [search, setSearch] = useState('');
  const keyNames = useMemo(() => new Map((keys ?? []).map((key) => [key.id, key.name])), [keys]);
  const models = useMemo(() => searchModels(data?.models ?? [], search), [data, search]);

  const copy = async (id: string) => {
    try {
      await navigator.clipboard.writeText(id);
      dispatch(toastShown(`${id} copied`, 'success'));
    } catch {
      dispatch(toastShown('Could not copy. Select the name and copy it by hand.', 'error'));
    }
  };

  const content = () => {
    if (isNoTeamError(error)) return <CreateTeamWelcomeCard />;
    if (isLoading) return <PageLoader label="Loading models" />;
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
          <Typography color="text.secondary">{NO_MODELS}</Typography>
        ) : (
          <Stack spacing={2}>
            {models.map((model) => (
              <ModelCard key={model.id} model={model} keyNames={keyNames} onCopy={(id) => void copy(id)} />
            ))}
          </Stack>
        )}
      </>
    );
  };

  return (
    <>
      <PageHeader
        title="Models"
        subtitle="What your team can call through the gateway, and what it costs per 1M tokens"
      />
      {content()}
    </>
  );
}

import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageLoader } from '../../components/PageLoader';
import { TextInput } from '../../components/TextInput';
import { SelectFilter } from '../../components/lists/SelectFilter';
import { CreateTeamWelcomeCard } from '../../components/CreateTeamWelcome';
import { PlaygroundCost } from '../../features/playground/PlaygroundCost';
import { usePlaygroundChat } from '../../features/playground/usePlaygroundChat';
import { isNoTeamError } from '../../lib/noTeam';
import { useTeamless } from '../../features/team/useTeamless';
import { useGetApiKeysQuery, useGetMeQuery, useGetModelCatalogQuery } from '../../store/api';
import type { PlaygroundMessage } from '../../../contract/schemas/playground';
import { RouteHeader } from '../../components/RouteHeader';

// The selects are the browser's own (SelectFilter) and the message a TextInput: the page's first screen needs no
// Select, Menu, Popover or Modal (docs/performance.md, Bundle budget).
export const NO_OWN_KEYS = 'The playground speaks through one of your own API keys: create one first.';

function Conversation({
  messages,
  answer,
  streaming,
}: {
  messages: PlaygroundMessage[];
  answer: string;
  streaming: boolean;
}) {
  const shown = [...messages, ...(answer || streaming ? [{ role: 'assistant' as const, content: answer }] : [])];
  return (
    <Stack spacing={1.5} component="ol" aria-label="Conversation" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {shown.map((message, index) => (
        <Box
          component="li"
          key={index}
          sx={{ p: 1.5, borderRadius: 1, bgcolor: message.role === 'assistant' ? 'action.hover' : 'transparent' }}
        >
          <Typography variant="caption" color="textSecondary" component="p">
            {message.role === 'assistant' ? 'Answer' : 'You'}
          </Typography>
          <Typography
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            aria-live={index === shown.length - 1 ? 'polite' : undefined}
          >
            {message.content || (streaming ? '…' : '')}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

export function PlaygroundPage() {
  const { data: me } = useGetMeQuery();
  // The playground calls with one of the team's keys: without a team there is nothing to ask the server for.
  const teamless = useTeamless();
  const {
    data: catalog,
    error,
    isLoading,
  } = useGetModelCatalogQuery(undefined, {
    refetchOnMountOrArgChange: true,
    skip: teamless,
  });
  const { data: keys } = useGetApiKeysQuery(undefined, { skip: !catalog });
  const ownKeys = useMemo(() => (keys ?? []).filter((k) => k.is_active && k.user_id === me?.id), [keys, me]);
  const [keyId, setKeyId] = useState('');
  const [model, setModel] = useState('');
  const [prompt, setPrompt] = useState('');
  const { turn, send, clear } = usePlaygroundChat();

  // Undefined until the keys have loaded (they are asked for after the catalog): Send waits for it.
  const key = ownKeys.find((k) => k.id === keyId) ?? ownKeys[0];
  // The chat models the chosen key may call, reachable now (an embeddings model cannot answer a chat).
  const models = useMemo(
    () =>
      (catalog?.models ?? []).filter(
        (m) => m.reachable && m.endpoints.includes('chat.completions') && (!key || m.key_ids.includes(key.id)),
      ),
    [catalog, key],
  );
  const chosenModel = models.find((m) => m.id === model)?.id ?? models[0]?.id ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = prompt.trim();
    if (!key || !chosenModel || !text || turn.streaming) return;
    const history: PlaygroundMessage[] = turn.answer
      ? [...turn.messages, { role: 'assistant', content: turn.answer }]
      : turn.messages;
    setPrompt('');
    void send(key.id, chosenModel, [...history, { role: 'user', content: text }]);
  };

  const header = <RouteHeader path="/playground" />;
  if (teamless || isNoTeamError(error)) {
    return (
      <>
        {header}
        <CreateTeamWelcomeCard />
      </>
    );
  }
  if (isLoading)
    return (
      <>
        {header}
        <PageLoader label="Loading the playground" />
      </>
    );
  return (
    <>
      {header}
      {ownKeys.length === 0 && keys ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/api-keys/create" color="inherit" size="small">
              Create API Key
            </Button>
          }
        >
          {NO_OWN_KEYS}
        </Alert>
      ) : (
        <Card>
          <CardContent component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <SelectFilter
                label="API key"
                value={key?.id ?? ''}
                options={ownKeys.map((k) => ({ value: k.id, label: k.name }))}
                onChange={setKeyId}
                minWidth={220}
              />
              <SelectFilter
                label="Model"
                value={chosenModel}
                options={models.map((m) => ({ value: m.id, label: m.id }))}
                onChange={setModel}
                minWidth={260}
              />
            </Stack>
            <Conversation messages={turn.messages} answer={turn.answer} streaming={turn.streaming} />
            {turn.error && <Alert severity="error">{turn.error}</Alert>}
            {key && turn.sentAt && !turn.streaming && !turn.error && (
              <PlaygroundCost keyId={key.id} sentAt={turn.sentAt} usage={turn.usage} />
            )}
            {models.length === 0 && (
              <Typography variant="body2" color="textSecondary">
                This key may call no model reachable now.
              </Typography>
            )}
            <TextInput
              label="Message"
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              multiline
              minRows={2}
            />
            <Stack direction="row" spacing={1}>
              <Button
                type="submit"
                variant="contained"
                disabled={!prompt.trim() || !key || !chosenModel || turn.streaming}
              >
                {turn.streaming ? 'Answering…' : 'Send'}
              </Button>
              <Button onClick={clear} disabled={turn.messages.length === 0}>
                New conversation
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
    </>
  );
}

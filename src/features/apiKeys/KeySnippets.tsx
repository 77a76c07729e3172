import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { apiBaseUrl } from '../../config';
import { toastShown } from '../../slices/toastsSlice';
import { useAppDispatch } from '../../store/hooks';
import { DEFAULT_SNIPPET_MODEL, KEY_PLACEHOLDER, keySnippets } from '../../../contract/snippets';

interface KeySnippetsProps {
  /** The secret, the one time it exists (after a create or a rotation); without it, a placeholder. */
  secret?: string;
  /** A model the key may call; by default the demo's echo model. */
  model?: string;
}

/**
 * How to call the gateway with a key: its base URL and ready-to-copy snippets (curl, the OpenAI SDK in JavaScript and
 * Python, the Anthropic SDK, Claude Code's and Codex's settings), the key filled in when it is known.
 */
export function KeySnippets({ secret, model = DEFAULT_SNIPPET_MODEL }: KeySnippetsProps) {
  const dispatch = useAppDispatch();
  const id = useId();
  const base = apiBaseUrl();
  const snippets = keySnippets(base, secret ?? KEY_PLACEHOLDER, model);
  const [selected, setSelected] = useState(0);
  const snippet = snippets[selected];

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet.code);
      dispatch(toastShown(`${snippet.label} snippet copied`, 'success'));
    } catch {
      dispatch(toastShown('Could not copy the snippet. Select it and copy it by hand.', 'error'));
    }
  };

  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="h3" component="h2" id={`${id}-title`}>
        Use this key
      </Typography>
      <Typography variant="body2" color="textSecondary">
        Base URL: <code>{`${base}/v1`}</code>
        {secret ? '' : ` (replace ${KEY_PLACEHOLDER} with the key's secret, shown only when it was created)`}
      </Typography>
      <Tabs
        value={selected}
        onChange={(_event, index: number) => setSelected(index)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Snippets"
      >
        {snippets.map((s, index) => (
          <Tab key={s.id} label={s.label} id={`${id}-tab-${index}`} aria-controls={`${id}-panel`} />
        ))}
      </Tabs>
      {/* The button in a row of its own above the code: laid over it, it covered the curl URL on a phone and the
          secret on the Codex tab (issue 38, trap 6). */}
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`} sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>
          <Button size="small" startIcon={<ContentCopy />} onClick={() => void copy()}>
            Copy snippet
          </Button>
        </Box>
        <Box
          component="pre"
          tabIndex={0}
          aria-label={`${snippet.label} snippet`}
          data-testid={`snippet-${snippet.id}`}
          sx={{
            m: 0,
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: 13,
            overflowX: 'auto',
          }}
        >
          <code>{snippet.code}</code>
        </Box>
      </Box>
    </Box>
  );
}

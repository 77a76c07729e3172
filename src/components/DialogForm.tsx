import type { ComponentProps } from 'react';
import Box from '@mui/material/Box';

/**
 * A form inside a Dialog that keeps the dialog's title and actions in view. A plain <form> between the paper and
 * DialogContent breaks MUI's layout (the paper is a flex column whose DialogContent scrolls): the whole paper
 * scrolled instead, and at 1280×800 the Edit key dialog's Save was half hidden (issue 38, trap 6). As a flex column
 * that may shrink, the form lets its DialogContent scroll as when it is the paper's own child.
 */
export function DialogForm(props: Omit<ComponentProps<'form'>, 'ref'>) {
  return (
    <Box
      component="form"
      noValidate
      {...props}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto', overflow: 'hidden' }}
    />
  );
}

import { lazy, Suspense } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

const Tooltip = lazy(() => import(/* webpackChunkName: "tooltip" */ '@mui/material/Tooltip'));

/**
 * MUI's Tooltip, fetched (with Popper, ~11 KB gzip) the first time one renders; until then the child shows alone.
 * For tooltips that only some states need, such as the collapsed sidebar's, so no route pays for them up front.
 */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}

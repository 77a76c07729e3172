import { useId, type ComponentProps, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AfterFirstPaint } from '../../../components/AfterFirstPaint';
import { ErrorState } from '../../../components/ErrorState';
import { GridPlaceholder } from '../../../components/grid/GridPlaceholder';
import { gridHeightFor } from '../../../components/grid/pagedGrid';
import { FailureAlert, type Failure } from '../../../components/forms/FailureAlert';
import { RoutingCards } from '../../../features/routing/RoutingCards';
import { ROUTING_GRID_MIN_HEIGHT } from '../../../features/routing/routing';
import { MOBILE_MEDIA_QUERY } from '../../../theme';
import { WidgetBoundary } from '../../../components/WidgetBoundary';

// One chunk for the page's five grids: MUI X is most of its download, requested once the headings have painted. A
// phone shows the same rows as cards (RoutingCards) and never downloads it. Each grid, and each section's cards below
// the routes on a phone, mounts when needed: once its place shows, or at the visitor's first input (AfterFirstPaint's
// whenNeeded; docs/performance.md, "Grids mounted when needed").
const loadRoutingGrid = () => import(/* webpackChunkName: "grid-routing" */ '../../../features/routing/RoutingGrids');
type RoutingGridProps = ComponentProps<Awaited<ReturnType<typeof loadRoutingGrid>>['default']>;
// The cards are in the page's chunk; AfterFirstPaint takes them as a module already loaded.
const loadRoutingCards = () => Promise.resolve({ default: RoutingCards });

interface RoutingSectionProps {
  title: string;
  subtitle?: ReactNode;
  /** The section's buttons (create, toggle). */
  actions?: ReactNode;
  /** A change that failed, with the server's reason. */
  failure?: Failure | null;
  onClearFailure?: () => void;
  /** The list failed to load: the message instead of the grid, with a retry. */
  loadError: string | null;
  onRetry: () => void;
  grid: RoutingGridProps;
  children?: ReactNode;
}

/** A titled section of the routing page: heading and buttons, failure, then its grid (or why it is missing). */
export function RoutingSection({
  title,
  subtitle,
  actions,
  failure = null,
  onClearFailure,
  loadError,
  onRetry,
  grid,
  children,
}: RoutingSectionProps) {
  const titleId = useId();
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  const placeholder = (
    <GridPlaceholder
      label={`Loading ${title.toLowerCase()}`}
      minHeight={gridHeightFor(grid.loading ? 0 : grid.rows.length, ROUTING_GRID_MIN_HEIGHT)}
    />
  );
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 4 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 1.5,
        }}
      >
        <Box>
          <Typography id={titleId} variant="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="textSecondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      <FailureAlert failure={failure} onClose={onClearFailure} />
      <WidgetBoundary name={title}>
        {loadError ? (
          <ErrorState message={loadError} onRetry={onRetry} />
        ) : isMobile && grid.table === 'routes' ? (
          <RoutingCards {...grid} />
        ) : isMobile ? (
          // Below the routes on a phone, a screen or more down: drawn when needed, as the grids are.
          <AfterFirstPaint whenNeeded load={loadRoutingCards} props={grid} fallback={placeholder} />
        ) : (
          <AfterFirstPaint whenNeeded load={loadRoutingGrid} props={grid} fallback={placeholder} />
        )}
      </WidgetBoundary>
      {children}
    </Box>
  );
}

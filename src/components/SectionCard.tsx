import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { WidgetBoundary } from './WidgetBoundary';

interface SectionCardProps {
  /** The heading's id, which labels the section (and may label a list inside it). */
  titleId: string;
  title: ReactNode;
  /** 'h2' for the dashboards' cards; 'h3' draws a smaller heading that is still the section's <h2>. */
  titleVariant?: 'h2' | 'h3';
  titleSx?: SxProps<Theme>;
  sx?: SxProps<Theme>;
  /** What its error calls the section when its content fails to render; the title when that is text. */
  name?: string;
  children: ReactNode;
}

/** A card that is a landmark section named by its heading; content that fails to render shows its error in the card. */
export function SectionCard({ titleId, title, titleVariant = 'h2', titleSx, sx, name, children }: SectionCardProps) {
  return (
    <Card component="section" aria-labelledby={titleId} sx={sx}>
      <CardContent>
        <Typography
          id={titleId}
          variant={titleVariant}
          component="h2"
          gutterBottom={titleVariant === 'h2'}
          sx={titleSx}
        >
          {title}
        </Typography>
        <WidgetBoundary name={name ?? (typeof title === 'string' ? title : 'This section')}>{children}</WidgetBoundary>
      </CardContent>
    </Card>
  );
}

import { styled } from '@mui/material/styles';

// The looks of CardList's cards (./CardList.tsx), given once to the whole list.

/** Between two cards, and the page turner's height under them. */
const CARD_GAP_PX = 12;
const PAGE_TURNER_PX = 52;

/** The usual height of `count` cards of `cardHeight` and the page turner under them. */
export const cardListHeight = (count: number, cardHeight: number) =>
  count * cardHeight + (count - 1) * CARD_GAP_PX + PAGE_TURNER_PX;

/**
 * The cards' looks, once for the whole list. Every card drawn with MUI's Paper, Box and Typography made a phone's list of
 * 25 requests some 600 styled elements, each serialized by emotion at every render: one commit of 150-370 ms on a
 * throttled phone (docs/performance.md, "Cards styled once"). The cards are plain elements with these classes.
 */
export const CardsList = styled('ul')(({ theme }) => {
  // The CSS variables of the colour scheme in force (the theme has them; MUI's types say it may not).
  const { palette } = theme.vars ?? theme;
  return {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: CARD_GAP_PX,
    // As MUI's outlined Paper.
    '& > .CardList-card': {
      padding: theme.spacing(2),
      minWidth: 0,
      backgroundColor: palette.background.paper,
      color: palette.text.primary,
      border: `1px solid ${palette.divider}`,
      borderRadius: theme.shape.borderRadius,
      // A card off screen is not styled, laid out or painted until it nears the viewport (it stays in the
      // accessibility tree and find-in-page); 'auto' remembers its real height once drawn, so the scrollbar does not
      // jump. Its usual height comes from the list (--card-height).
      contentVisibility: 'auto',
      containIntrinsicSize: 'auto var(--card-height)',
    },
    '& .CardList-title': { display: 'flex', alignItems: 'flex-start', gap: theme.spacing(1) },
    '& .CardList-titleText': { minWidth: 0, flex: 1, overflowWrap: 'anywhere' },
    '& .CardList-titleEnd': { flexShrink: 0 },
    // As Typography's body2 in bold, and its caption in the secondary text colour.
    '& .CardList-heading': { ...theme.typography.body2, fontWeight: 600, margin: 0 },
    '& .CardList-caption': { ...theme.typography.caption, color: palette.text.secondary, margin: 0 },
    // As Typography's body2, the labels in the secondary text colour.
    '& .CardList-facts': {
      ...theme.typography.body2,
      display: 'grid',
      gridTemplateColumns: 'auto 1fr',
      columnGap: theme.spacing(2),
      rowGap: theme.spacing(0.25),
      margin: theme.spacing(1, 0),
      '& > dt': { color: palette.text.secondary },
      '& > dd': { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
    },
    // As MUI's small text Button (its padding, type and colours; the theme's focus ring), without the ripple.
    '& .CardList-action': {
      ...theme.typography.button,
      fontSize: theme.typography.pxToRem(13),
      minWidth: 64,
      padding: '4px 5px',
      border: 0,
      margin: 0,
      borderRadius: theme.shape.borderRadius,
      backgroundColor: 'transparent',
      color: palette.primary.main,
      cursor: 'pointer',
      WebkitTapHighlightColor: 'transparent',
      transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.short }),
      // No hover colour left behind by a tap on a touch screen, as MUI's.
      '@media (hover: hover)': {
        '&:hover': { backgroundColor: theme.alpha(palette.primary.main, palette.action.hoverOpacity) },
      },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
    },
    '& .CardList-destructive': {
      color: palette.error.main,
      '@media (hover: hover)': {
        '&:hover': { backgroundColor: theme.alpha(palette.error.main, palette.action.hoverOpacity) },
      },
    },
    '& .CardList-actions': {
      display: 'flex',
      flexWrap: 'wrap',
      gap: theme.spacing(1),
      margin: theme.spacing(0, -1, -1),
    },
  };
});

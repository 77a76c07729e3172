import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';

interface Section {
  title: string;
  description: string;
  to: string;
  icon: ReactNode;
}

const SECTIONS: Section[] = [
  {
    title: 'Pricing Management',
    description: 'Prices per 1M tokens for every provider, model and token tier.',
    to: '/admin/pricing',
    icon: <PriceChangeOutlined />,
  },
  {
    title: 'Coupon Management',
    description: 'Create, edit and deactivate credit coupons.',
    to: '/admin/coupons',
    icon: <LocalOfferOutlined />,
  },
  {
    title: 'System Analytics',
    description: 'Gateway-wide usage and cost.',
    to: '/admin/analytics',
    icon: <InsightsOutlined />,
  },
  {
    title: 'Team Management',
    description: "Every team's balance and spend; manual credit adjustments.",
    to: '/admin/teams',
    icon: <GroupsOutlined />,
  },
  {
    title: 'User Management',
    description: 'Every user, their keys and spend; disable and enable accounts.',
    to: '/admin/users',
    icon: <PeopleOutline />,
  },
];

function SectionCard({ section }: { section: Section }) {
  const id = `admin-section-${section.to.split('/').pop()}`;
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'primary.main' }}>
          {section.icon}
          <Typography variant="h3" component="h2" id={id} color="textPrimary">
            {section.title}
          </Typography>
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {section.description}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button size="small" component={RouterLink} to={section.to} aria-label={`Open ${section.title}`}>
          Open
        </Button>
      </CardActions>
    </Card>
  );
}

export function AdminSectionCards() {
  return (
    <Grid container spacing={2}>
      {SECTIONS.map((section) => (
        <Grid key={section.title} size={{ xs: 12, sm: 6, lg: 4 }}>
          <SectionCard section={section} />
        </Grid>
      ))}
    </Grid>
  );
}

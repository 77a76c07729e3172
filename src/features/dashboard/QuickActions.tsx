import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import type { Team } from '../../../contract/schemas/teams';
import { BillingActions } from '../billing/BillingActions';
import { SectionCard } from '../../components/SectionCard';

const LINKS = [
  { label: 'Team Settings', to: '/team', icon: <GroupsOutlined /> },
  { label: 'Usage Reports', to: '/usage-reports', icon: <AssessmentOutlined /> },
  { label: 'Billing', to: '/billing', icon: <CreditCardOutlined /> },
];

const actionSx = { justifyContent: 'flex-start' } as const;

/**
 * Shortcuts, one left-aligned list; managing keys needs a team (docs/rules.md#owners-and-admins), so that one is
 * disabled without it.
 */
export function QuickActions({ team }: { team: Team | undefined }) {
  return (
    <SectionCard titleId="quick-actions-title" title="Quick Actions">
      <Box sx={{ display: 'grid', gap: 1 }}>
        {team ? (
          <Button component={RouterLink} to="/api-keys" variant="outlined" startIcon={<VpnKeyOutlined />} sx={actionSx}>
            Manage API Keys
          </Button>
        ) : (
          <Button variant="outlined" startIcon={<VpnKeyOutlined />} disabled sx={actionSx}>
            Manage API Keys
          </Button>
        )}
        {LINKS.map((link) => (
          <Button
            key={link.to}
            component={RouterLink}
            to={link.to}
            variant="outlined"
            startIcon={link.icon}
            sx={actionSx}
          >
            {link.label}
          </Button>
        ))}
        <BillingActions teamId={team?.id} teamName={team?.name} buttonSx={actionSx} />
      </Box>
    </SectionCard>
  );
}

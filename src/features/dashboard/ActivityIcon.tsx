import type { ComponentType } from 'react';
import Avatar from '@mui/material/Avatar';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Autorenew from '@mui/icons-material/Autorenew';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { activityIcon, type ActivityIconName, type ActivityTone } from './activityIcon';

const ICONS: Record<ActivityIconName, ComponentType<SvgIconProps>> = {
  'key-created': VpnKeyOutlined,
  'key-first-used': PlayCircleOutline,
  'key-deactivated': BlockOutlined,
  'key-rotated': Autorenew,
  'request-failed': ErrorOutline,
  'high-cost': PaidOutlined,
  'new-model': AutoAwesomeOutlined,
  'team-created': GroupAddOutlined,
  'team-updated': EditNoteOutlined,
  default: NotificationsNoneOutlined,
};

const TONE_COLORS: Record<ActivityTone, string> = {
  primary: 'primary.main',
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  info: 'info.main',
  default: 'text.secondary',
};

/** The icon of an activity type (decorative: the message beside it says what happened). */
export function ActivityIcon({ type }: { type: string }) {
  const { name, tone } = activityIcon(type);
  const Icon = ICONS[name];
  return (
    <Avatar sx={{ bgcolor: 'action.hover', color: TONE_COLORS[tone], width: 36, height: 36 }} aria-hidden>
      <Icon fontSize="small" data-testid={`activity-icon-${name}`} />
    </Avatar>
  );
}

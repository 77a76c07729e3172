import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';

export function BackToAdminLink() {
  return (
    <Button component={RouterLink} to="/admin" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
      Back to Admin
    </Button>
  );
}

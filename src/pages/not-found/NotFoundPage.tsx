import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../../components/PageHeader';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Box sx={{ textAlign: 'center', py: 10 }}>
      <Typography variant="h1">Page not found</Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 3 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        Go to Dashboard
      </Button>
    </Box>
  );
}

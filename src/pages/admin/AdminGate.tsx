import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../components/PageHeader';
import { useGetMeQuery } from '../../store/api';

function AccessDenied() {
  useDocumentTitle('Access Denied');
  return (
    <Card sx={{ maxWidth: 480, mx: 'auto', mt: { xs: 2, md: 6 }, textAlign: 'center' }}>
      <CardContent sx={{ py: 5 }}>
        <LockOutlined color="error" sx={{ fontSize: 40 }} />
        <Typography variant="h1" sx={{ mt: 1 }}>
          Access Denied
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1, mb: 3 }}>
          You don&apos;t have permission to access this page.
        </Typography>
        <Button component={RouterLink} to="/dashboard" variant="contained">
          Go to Dashboard
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Every admin page sits inside this gate (docs/rules.md#owners-and-admins). The page itself is not mounted for a
 * non-admin, so none of its admin calls are made.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { data: me, isLoading } = useGetMeQuery();
  if (isLoading) return <PageLoader label="Checking access" />;
  if (!me?.is_admin) return <AccessDenied />;
  return <>{children}</>;
}

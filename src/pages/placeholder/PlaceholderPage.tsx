import Alert from '@mui/material/Alert';
import { PageHeader } from '../../components/PageHeader';

// Stands in for a route whose page has not been built yet (issues 4–6 replace every use of it).
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert severity="info">This page is being built.</Alert>
    </>
  );
}

import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PageLoading } from '../../components/loading';
import { useDocumentTitle } from '../../components/page-placeholder';
import { api } from '../../lib/api-client';
import { formatTime } from '../../lib/format';
import { healthKey } from '../../lib/query-keys';

/** The footer's Status link: live state of the API and its database from /api/v1/health. */
export default function StatusPage() {
  useDocumentTitle('Status');
  const health = useQuery({
    queryKey: healthKey,
    queryFn: () => api.get('/health'),
    refetchInterval: 15_000,
    retry: false,
  });
  const ok = health.data?.status === 'ok';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1" gutterBottom>
        System status
      </Typography>
      {health.isPending ? (
        <PageLoading />
      ) : (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
          {ok ? <CheckCircleIcon color="success" /> : <ErrorIcon color="error" />}
          <Typography variant="h4" component="p">
            {ok ? 'All systems operational' : 'The service is having problems'}
          </Typography>
        </Stack>
      )}
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        Checked {health.dataUpdatedAt ? formatTime(health.dataUpdatedAt, { seconds: true }) : 'just now'}; refreshes
        every 15 seconds.
      </Typography>
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** One transaction may be pending at a time: this says so, with a link to it. */
export function PendingTransactionAlert({
  id,
  children,
}: {
  id: string | null | undefined;
  children: React.ReactNode;
}) {
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" component={RouterLink} to={`/transaction/${id}`}>
          View
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

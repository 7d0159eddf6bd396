import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** The board's and the Tasks table's answer to a failed load of the project's tasks. */
export function TasksLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      The tasks could not be loaded.
    </Alert>
  );
}

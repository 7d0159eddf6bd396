import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Route-level error element: a failed chunk load or render shows a way back instead of a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Paper variant="outlined" sx={{ p: 4, m: 3, textAlign: 'center' }} role="alert">
      <Typography variant="h2" gutterBottom>
        {notFound ? 'Page not found' : 'Something went wrong'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {notFound ? 'The page you are looking for does not exist.' : 'Reload the page to try again.'}
      </Typography>
      <Button variant="contained" onClick={() => window.location.assign('/')}>
        Return Home
      </Button>
    </Paper>
  );
}

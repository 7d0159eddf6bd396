import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** A new key (the path) clears a shown error. */
  resetKey: string;
};

/** Route-level error boundary: a failed chunk load or render shows a way back instead of a blank page. */
export class RouteErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Paper variant="outlined" sx={{ p: 4, m: 3, textAlign: 'center' }} role="alert">
        <Typography variant="h2" gutterBottom>
          Something went wrong
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Reload the page to try again.
        </Typography>
        <Button variant="contained" onClick={() => window.location.assign('/')}>
          Return Home
        </Button>
      </Paper>
    );
  }
}

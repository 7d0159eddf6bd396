import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import { closeSnackbar, type CustomContentProps, enqueueSnackbar, SnackbarContent, SnackbarProvider } from 'notistack';
import { forwardRef, useEffect } from 'react';
import { attachNoticeSink } from '../../lib/notify';
import { NOTICES_CLASS } from '../theme';

/** A notice that closes on click (spec §1 notification defaults). */
const Notice = forwardRef<HTMLDivElement, CustomContentProps>(function Notice({ id, message, variant }, ref) {
  const severity = variant === 'default' ? 'info' : variant;
  return (
    <SnackbarContent
      ref={ref}
      role={severity === 'error' ? 'alert' : 'status'}
      style={{ width: 'min(300px, calc(100vw - 16px))' }}
    >
      <Alert
        severity={severity}
        variant="filled"
        onClick={() => closeSnackbar(id)}
        sx={{ width: '100%', cursor: 'pointer', boxShadow: 3 }}
        action={<CloseIcon fontSize="small" aria-label="Close notice" />}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});

/**
 * The notice stack. Loaded lazily by AppProvider (it is not needed to draw the first screen, and
 * notistack is a tenth of the first load); notices raised before it mounts wait in lib/notify.
 */
export default function Notices() {
  useEffect(() => attachNoticeSink((message, variant) => enqueueSnackbar(message, { variant })), []);
  return (
    <SnackbarProvider
      autoHideDuration={3000}
      transitionDuration={300}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      // Below the top bar (avatar and menus stay reachable); see NOTICES_CLASS in the theme.
      classes={{ containerAnchorOriginTopRight: NOTICES_CLASS }}
      maxSnack={4}
      Components={{ success: Notice, error: Notice, info: Notice, warning: Notice, default: Notice }}
    />
  );
}

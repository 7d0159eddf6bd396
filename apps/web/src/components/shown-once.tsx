import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { notify } from '../lib/notify';

/**
 * A secret the server shows once (an API token, a webhook's signing secret): the value, whole and
 * wrapping, with a copy button; `what` names it in the notices ("token", "secret").
 */
export function ShownOnce({
  heading,
  value,
  label,
  what,
  onDone,
}: {
  heading: string;
  value: string;
  label: string;
  what: string;
  onDone: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify(`${what[0]!.toUpperCase()}${what.slice(1)} copied`);
    } catch {
      notify(`Select the ${what} and copy it`, { variant: 'warning' });
    }
  };
  return (
    <Alert severity="success" role="status" onClose={onDone} sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}>
      <Typography sx={{ fontWeight: 600 }}>{heading}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, minWidth: 0 }}>
        <Box
          component="code"
          aria-label={label}
          sx={{
            fontFamily: 'monospace',
            wordBreak: 'break-all',
            bgcolor: 'action.hover',
            px: 1,
            py: 0.5,
            borderRadius: 1,
          }}
        >
          {value}
        </Box>
        <Tooltip title="Copy">
          <IconButton aria-label={`Copy ${what}`} onClick={copy}>
            <ContentCopyIcon />
          </IconButton>
        </Tooltip>
      </Stack>
    </Alert>
  );
}

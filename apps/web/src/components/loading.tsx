import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function PageLoading() {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}
      role="status"
      aria-label="Loading"
    >
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../components/page-placeholder';
import { paths } from '../paths';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    // Rendered inside the app frame (the layout's <main>): a signed-in user keeps the top bar and menus.
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <SearchOffIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h1" sx={{ mt: 2 }}>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          The page you are looking for does not exist or has moved.
        </Typography>
        <Button component={RouterLink} to={paths.home.href()} variant="contained" size="large">
          Return Home
        </Button>
      </Box>
    </Box>
  );
}

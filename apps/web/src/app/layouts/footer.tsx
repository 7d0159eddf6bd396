import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../paths';

export function Footer() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3, mt: 6 }}>
      <Container maxWidth="lg" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
        <Link component={RouterLink} to={paths.terms.href()} color="text.secondary" underline="hover">
          Terms
        </Link>
        <Link component={RouterLink} to={paths.privacy.href()} color="text.secondary" underline="hover">
          Privacy
        </Link>
        <Link component={RouterLink} to={paths.solvency.href()} color="text.secondary" underline="hover">
          Proof of liabilities
        </Link>
        <Link href={paths.status.href()} target="_blank" rel="noopener" color="text.secondary" underline="hover">
          Status
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} DevMarket. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}

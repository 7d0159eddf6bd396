import type { ThreadUser } from '@devmarket/contract';
import LocationOnOutlinedIcon from '@mui/icons-material/LocationOnOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { initials } from '../../../components/user-avatar';
import { HireDialog } from './hire-dialog';

/**
 * The right panel: who the other user is. The hire action (invite to one of the client's
 * projects) shows only to Clients, and only for developers (spec §2).
 */
export function ProfilePanel({ user, viewerIsClient }: { user: ThreadUser; viewerIsClient: boolean }) {
  const [hireOpen, setHireOpen] = useState(false);
  const name = `${user.firstName} ${user.lastName}`.trim();
  const canHire = viewerIsClient && user.type === 'Developer';
  return (
    <Box component="aside" aria-label="Profile" sx={{ p: 3, overflowY: 'auto', height: '100%' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center' }}>
        <Avatar src={user.imageURL ?? undefined} alt="" sx={{ width: 88, height: 88, fontSize: 30, mb: 1.5 }}>
          {initials(user)}
        </Avatar>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography variant="h5" component="h2">
            {name}
          </Typography>
          {user.verified && user.type === 'Developer' && (
            <VerifiedIcon color="primary" fontSize="small" aria-label="Verified" />
          )}
        </Box>
        {user.title && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
            {user.title}
          </Typography>
        )}
        <Chip label={user.type} size="small" variant="outlined" sx={{ mt: 1 }} />
        {user.location && (
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', mt: 1, display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <LocationOnOutlinedIcon fontSize="small" /> {user.location}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%', mt: 2.5 }}>
          {canHire && (
            <Button variant="contained" onClick={() => setHireOpen(true)}>
              Hire
            </Button>
          )}
          {user.type === 'Developer' && user.username && (
            <Button component={RouterLink} to={`/dev/${encodeURIComponent(user.username)}`} variant="outlined">
              View profile
            </Button>
          )}
        </Box>
      </Box>
      {user.about && (
        <>
          <Divider sx={{ my: 2.5 }} />
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            About
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap' }}>
            {user.about}
          </Typography>
        </>
      )}
      {canHire && <HireDialog open={hireOpen} onClose={() => setHireOpen(false)} user={user} />}
    </Box>
  );
}

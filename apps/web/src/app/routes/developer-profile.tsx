import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Markdown } from '../../components/markdown';
import { useDocumentTitle } from '../../components/page-placeholder';
import { SendMessageDialog } from '../../features/messages/components/send-message-dialog';
import { useDeveloper } from '../../features/profile/api/get-developer';
import { ProfileReviews } from '../../features/profile/components/profile-reviews';
import { ProfileSidePanel } from '../../features/profile/components/profile-side-panel';
import { RatingSummary } from '../../components/rating-summary';
import { UserAvatar } from '../../components/user-avatar';
import { InviteToProjectDialog } from '../../features/projects/components/invite-to-project-dialog';
import { useCurrentUser } from '../../lib/session';
import { paths } from '../paths';

function NotFound() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, textAlign: 'center' }}>
      <PersonSearchOutlined sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mt: 1, mb: 1 }}>
        Developer not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The developer you are looking for could not be found.
      </Typography>
      <Button component={RouterLink} to={paths.talent.href()} variant="contained">
        Find Talent
      </Button>
    </Paper>
  );
}

function ProfileSkeleton() {
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}
      aria-label="Loading"
      role="status"
    >
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 3 }}>
          <Skeleton variant="circular" width={96} height={96} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="50%" height={36} />
            <Skeleton width="35%" />
          </Box>
        </Box>
        <Skeleton />
        <Skeleton />
        <Skeleton width="70%" />
      </Paper>
      <Skeleton variant="rounded" height={280} />
    </Box>
  );
}

/** /dev/{username}: a developer's public profile, with message and invite actions for other users. */
export default function DeveloperProfilePage() {
  const { username = '' } = useParams();
  const me = useCurrentUser();
  const { data: dev, isPending, isError } = useDeveloper(username);
  const [dialog, setDialog] = useState<'message' | 'invite' | null>(null);
  useDocumentTitle(dev ? `${dev.firstName} ${dev.lastName}`.trim() : 'Developer');

  if (isPending) return <ProfileSkeleton />;
  if (isError || !dev) return <NotFound />;
  const name = `${dev.firstName} ${dev.lastName}`.trim();
  const canContact = Boolean(me && me.id !== dev.id);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: { xs: 2, md: 3 }, alignItems: 'center', flexWrap: 'wrap', mb: 3 }}>
          <UserAvatar user={dev} size={96} />
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
                {name}
              </Typography>
              {dev.verified && (
                <Tooltip title="Verified developer">
                  <VerifiedIcon color="primary" aria-label="Verified" role="img" />
                </Tooltip>
              )}
            </Box>
            {dev.title && (
              <Typography color="text.secondary" sx={{ fontSize: '1.05rem' }}>
                {dev.title}
              </Typography>
            )}
            {dev.username && (
              <Typography variant="body2" color="text.secondary">
                @{dev.username}
              </Typography>
            )}
            <Box sx={{ mt: 0.5 }}>
              <RatingSummary rating={dev.rating} />
            </Box>
          </Box>
          {canContact && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
              <Button variant="contained" startIcon={<ChatBubbleOutline />} onClick={() => setDialog('message')}>
                Send Message
              </Button>
              <Button variant="outlined" startIcon={<PersonAddAlt1Outlined />} onClick={() => setDialog('invite')}>
                Invite to Project
              </Button>
            </Box>
          )}
        </Box>
        {dev.tags.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }} aria-label="Skills">
            {dev.tags.map((t) => (
              <Chip key={t} label={t} size="small" color="primary" variant="outlined" />
            ))}
          </Box>
        )}
        {/* Onboarding asks for the short About (the side panel) and not the long profile: only when
            both are empty has the developer written nothing (issue 28). */}
        {dev.profile?.trim() ? (
          <Markdown>{dev.profile}</Markdown>
        ) : dev.about?.trim() ? null : (
          <Typography color="text.secondary">This developer has not written a profile yet.</Typography>
        )}
        <ProfileReviews userId={dev.id} />
      </Paper>
      <Box>
        <ProfileSidePanel developer={dev} />
      </Box>
      {canContact && (
        <>
          <SendMessageDialog open={dialog === 'message'} onClose={() => setDialog(null)} developer={dev} />
          <InviteToProjectDialog open={dialog === 'invite'} onClose={() => setDialog(null)} developer={dev} />
        </>
      )}
    </Box>
  );
}

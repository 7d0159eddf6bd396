import type { PublicUser } from '@devmarket/contract';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RatingSummary } from '../../../components/rating-summary';
import { UserAvatar } from '../../../components/user-avatar';
import { markdownToPlainText } from '../../../lib/plain-text';

/** A developer card linking to /dev/{username}. */
export function TalentCard({ user }: { user: PublicUser }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Card sx={{ height: '100%', transition: 'border-color 150ms', '&:hover': { borderColor: 'primary.main' } }}>
      <CardActionArea
        component={RouterLink}
        to={`/dev/${user.username ?? ''}`}
        aria-label={`${name}${user.title ? `, ${user.title}` : ''}`}
        sx={{ height: '100%', alignItems: 'stretch', display: 'flex' }}
      >
        <CardContent sx={{ width: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <UserAvatar user={user} size={48} />
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <Typography sx={{ fontWeight: 650 }} noWrap>
                  {name}
                </Typography>
                {user.verified && <VerifiedIcon color="primary" sx={{ fontSize: 18 }} aria-label="Verified" />}
              </Box>
              <Typography variant="body2" color="text.secondary" noWrap>
                {user.title || 'Developer'}
              </Typography>
            </Box>
          </Box>
          {user.about && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {markdownToPlainText(user.about)}
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
            <RatingSummary rating={user.rating} />
            <Typography variant="body2" color="text.secondary">
              {user.completedPaidTasks} completed paid {user.completedPaidTasks === 1 ? 'task' : 'tasks'}
            </Typography>
          </Box>
          {(user.location || user.timezone) && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
              <PlaceOutlinedIcon sx={{ fontSize: 18, color: 'text.secondary' }} aria-hidden />
              <Typography variant="body2" color="text.secondary" noWrap>
                {[user.location, user.timezone].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 'auto' }}>
            {user.featured && <Chip label="Featured" size="small" color="secondary" />}
            {user.tags.slice(0, 5).map((t) => (
              <Chip key={t} label={t} size="small" />
            ))}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

import type { PublicUser } from '@devmarket/contract';
import GitHubIcon from '@mui/icons-material/GitHub';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { ExternalLink } from '../../../components/external-link';
import { formatDate } from '../../../lib/format';

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700, letterSpacing: '0.08em' }}>
        {title}
      </Typography>
      <Box sx={{ mt: 0.5 }}>{children}</Box>
    </Box>
  );
}

/** The side panel of spec §2: About, Verified, Location, History, Endorsements (and the profile links). */
export function ProfileSidePanel({ developer: d }: { developer: PublicUser }) {
  const blocks: { title: string; node: React.ReactNode }[] = [];
  if (d.about)
    blocks.push({ title: 'About', node: <Typography sx={{ whiteSpace: 'pre-line' }}>{d.about}</Typography> });
  if (d.verified) {
    blocks.push({
      title: 'Verified',
      node: (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <VerifiedIcon color="primary" fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
          <Box>
            {d.verifiedAt && (
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Verified on {formatDate(d.verifiedAt)}
              </Typography>
            )}
            <Typography variant="body2">
              DevMarket staff checked this developer's identity, skills and experience.
            </Typography>
          </Box>
        </Box>
      ),
    });
  }
  blocks.push({
    title: 'Location',
    node: (
      <Typography color={d.location ? 'text.primary' : 'text.secondary'}>
        {d.location || 'Not specified'}
        {d.timezone ? ` · ${d.timezone}` : ''}
      </Typography>
    ),
  });
  blocks.push({
    title: 'History',
    node: (
      // Spec §2 wording; the count is of completed paid tasks that earn reputation (DESIGN §19's
      // floor, as the talent card counts them; the rating is in the header).
      <Typography>
        {d.completedPaidTasks > 0
          ? `${d.completedPaidTasks} completed ${d.completedPaidTasks === 1 ? 'task' : 'tasks'}`
          : 'No reviews yet'}
      </Typography>
    ),
  });
  blocks.push({
    title: 'Endorsements',
    node: d.endorsements.length ? (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {d.endorsements.map((e) => (
          <Chip key={e.tag} label={`${e.tag} · ${e.count}`} size="small" variant="outlined" />
        ))}
      </Box>
    ) : (
      <Typography color="text.secondary">No endorsements yet</Typography>
    ),
  });
  if (d.github || d.linkedin) {
    blocks.push({
      title: 'Links',
      node: (
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          {d.github && (
            <ExternalLink href={d.github} icon={<GitHubIcon fontSize="small" aria-hidden />} gap={1}>
              GitHub
            </ExternalLink>
          )}
          {d.linkedin && (
            <ExternalLink href={d.linkedin} icon={<LinkedInIcon fontSize="small" aria-hidden />} gap={1}>
              LinkedIn
            </ExternalLink>
          )}
        </Box>
      ),
    });
  }
  return (
    <Paper variant="outlined" component="aside" sx={{ p: 3, display: 'grid', gap: 2 }}>
      {blocks.map((b, i) => (
        <Fragment key={b.title}>
          {i > 0 && <Divider />}
          <Block title={b.title}>{b.node}</Block>
        </Fragment>
      ))}
    </Paper>
  );
}

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { RatingSummary } from '../../../components/rating-summary';
import { useUserReviews } from '../api/get-user-reviews';
import { formatDate } from '../../../lib/format';

/** The latest shown reviews of a user: rating, text, endorsed skills, project and date (DESIGN §11). */
export function ProfileReviews({ userId }: { userId: string }) {
  const { data, isPending, isError } = useUserReviews(userId);
  return (
    <Box component="section" aria-label="Reviews" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          Reviews
        </Typography>
        {data && <RatingSummary rating={{ average: data.average, count: data.count }} />}
      </Box>
      {isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : isError ? (
        <Typography color="text.secondary">Reviews could not be loaded.</Typography>
      ) : data.reviews.length === 0 ? (
        <Typography color="text.secondary">Reviews appear here after paid work.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Latest reviews">
          {data.reviews.map((r, i) => (
            <Fragment key={r.id}>
              {i > 0 && <Divider component="li" aria-hidden />}
              <Box component="li" sx={{ py: 1.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Rating value={r.rating} readOnly size="small" aria-label={`${r.rating} out of 5 stars`} />
                  <Typography variant="subtitle2">{r.project.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDate(r.createdAt)}
                  </Typography>
                </Box>
                {r.text && <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>{r.text}</Typography>}
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
                  <Typography variant="body2" color="text.secondary">
                    — {`${r.reviewer.firstName} ${r.reviewer.lastName}`.trim()}
                  </Typography>
                  {r.tags.map((t) => (
                    <Chip key={t} label={t} size="small" variant="outlined" />
                  ))}
                </Box>
              </Box>
            </Fragment>
          ))}
        </Box>
      )}
    </Box>
  );
}

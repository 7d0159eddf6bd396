import type { Rating as RatingValue } from '@devmarket/contract';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** "★ 4.5 (2 reviews)", or "Not rated yet": a user's rating wherever a person is shown. */
export function RatingSummary({ rating, label }: { rating: RatingValue; label?: string }) {
  const reviews = `${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
  if (rating.average === null || rating.count === 0) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {label ? `${label}: ` : ''}Not rated yet
      </Typography>
    );
  }
  const text = `${rating.average.toFixed(1)} (${reviews})`;
  return (
    <Box
      component="span"
      role="img"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      aria-label={`${label ? `${label}: ` : ''}Rated ${rating.average.toFixed(1)} out of 5 from ${reviews}`}
    >
      <StarIcon sx={{ fontSize: 18, color: 'warning.main' }} aria-hidden />
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }} aria-hidden>
        {label ? `${label}: ` : ''}
        {text}
      </Typography>
    </Box>
  );
}

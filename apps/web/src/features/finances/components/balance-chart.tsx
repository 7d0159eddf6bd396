import type { BalancePoint } from '@devmarket/contract';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { formatDateTime, usd } from './money';

const W = 600;
const H = 140;
const PAD = 6;

/** A small inline-SVG area chart of the available balance over time. */
export function BalanceChart({ points, loading }: { points: BalancePoint[] | undefined; loading: boolean }) {
  const theme = useTheme();
  const gradientId = useId();
  if (loading) return <Skeleton variant="rounded" height={H} />;
  if (!points || points.length === 0) {
    return (
      <Box sx={{ height: H, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
        <Typography variant="body2">Your balance history appears after your first deposit.</Typography>
      </Box>
    );
  }
  // Start at the first real point (no invented zero); a single point draws a flat line.
  const real = points.map((p) => ({ date: p.date, value: Number(p.balance) }));
  const series = real.length === 1 ? [real[0], real[0]] : real;
  const max = Math.max(...series.map((p) => p.value), 1);
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / Math.max(series.length - 1, 1);
  const y = (v: number) => H - PAD - (v / max) * (H - 2 * PAD);
  const line = series.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = `${line} L${x(series.length - 1).toFixed(1)},${H - PAD} L${x(0).toFixed(1)},${H - PAD} Z`;
  const last = points[points.length - 1];
  // The CSS variable follows the light/dark scheme (set through style: SVG attributes take no var()).
  const color = theme.vars?.palette.primary.main ?? theme.palette.primary.main;
  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Balance over time: ${usd(last.balance)} USDT on ${formatDateTime(last.date)}`}
        sx={{ width: '100%', height: H, display: 'block' }}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" style={{ stopColor: color, stopOpacity: 0.25 }} />
            <stop offset="100%" style={{ stopColor: color, stopOpacity: 0 }} />
          </linearGradient>
        </defs>
        <path d={area} fill={`url(#${gradientId})`} />
        <path d={line} fill="none" style={{ stroke: color }} strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(points[0].date)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Peak {usd(String(max))}
        </Typography>
      </Box>
    </Box>
  );
}

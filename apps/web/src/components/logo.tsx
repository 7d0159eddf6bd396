import Box from '@mui/material/Box';

/** The wide logo (180 px) and the square icon logo (30 px) of spec §9. */
export function IconLogo({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="DevMarket">
      <rect width="32" height="32" rx="8" fill="#3f51e0" />
      <path
        d="M9 10l-4 6 4 6M23 10l4 6-4 6M18 8l-4 16"
        stroke="#fff"
        strokeWidth="2.6"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: 180 }} aria-label="DevMarket" role="img">
      <IconLogo />
      <Box
        component="span"
        aria-hidden
        sx={{ fontWeight: 800, fontSize: 20, letterSpacing: '-0.02em', color: 'text.primary' }}
      >
        Dev
        <Box component="span" sx={{ color: 'primary.main' }}>
          Market
        </Box>
      </Box>
    </Box>
  );
}

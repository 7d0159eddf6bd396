import Box from '@mui/material/Box';

export const STEP_NAMES = ['Auth', 'Verify', 'Profile', 'Links', 'Review'] as const;

/** The row of five progress dots at the bottom of the wizard (spec §2). */
export function ProgressDots({ step }: { step: number }) {
  return (
    <Box
      component="ol"
      aria-label="Progress"
      sx={{ display: 'flex', justifyContent: 'center', gap: 1.25, listStyle: 'none', p: 0, m: 0, mt: 4 }}
    >
      {STEP_NAMES.map((name, i) => (
        <Box
          component="li"
          key={name}
          aria-current={i === step ? 'step' : undefined}
          aria-label={`Step ${i + 1} of ${STEP_NAMES.length}: ${name}${i < step ? ' (done)' : ''}`}
          title={name}
          sx={{
            width: i === step ? 28 : 10,
            height: 10,
            borderRadius: 5,
            bgcolor: i <= step ? 'primary.main' : 'divider',
            opacity: i < step ? 0.55 : 1,
            transition: 'all 200ms',
          }}
        />
      ))}
    </Box>
  );
}

import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The frame of the deposit and withdraw pages: a title and the two steps of spec §2 (start, then the action). */
export function TwoStepPage({ title, step, children }: { title: string; step: number; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        <Step>
          <StepLabel>Start</StepLabel>
        </Step>
        <Step>
          <StepLabel>{title}</StepLabel>
        </Step>
      </Stepper>
      {children}
    </Paper>
  );
}

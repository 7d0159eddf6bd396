import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';

/** Sets the document title: "Screen · DevMarket". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · DevMarket` : 'DevMarket';
  }, [title]);
}

/** A screen whose issue has not landed yet: titled with its screen name, saying what comes. */
export function PagePlaceholder({ title, text }: { title: string; text: string }) {
  useDocumentTitle(title);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </Paper>
  );
}

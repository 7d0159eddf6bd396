import Typography from '@mui/material/Typography';

export type PageHeadingText = { title: string; subtitle: string };

/**
 * A page's title and the line under it. The signed-in frame that is painted from HTML while the
 * session is checked (app/layouts/shell-skeleton.tsx) draws the same heading for pages whose
 * heading is fixed text, so the page's words are on screen before any script has run (issue 33).
 */
export function PageHeading({ title, subtitle }: PageHeadingText) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {subtitle}
      </Typography>
    </>
  );
}

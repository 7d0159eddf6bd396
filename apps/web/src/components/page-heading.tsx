import Typography from '@mui/material/Typography';

/** A form page's or step's title (the page's h1) and the line under it. */
export function PageHeading({
  title,
  titleGap = 0.5,
  children,
}: {
  title: React.ReactNode;
  /** Space under the title (theme units). */
  titleGap?: number;
  children: React.ReactNode;
}) {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: titleGap }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {children}
      </Typography>
    </>
  );
}

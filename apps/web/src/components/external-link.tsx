import Link from '@mui/material/Link';

/** A link to another site (a developer's GitHub or LinkedIn), in a new tab, its icon in front. */
export function ExternalLink({
  href,
  icon,
  gap = 0.5,
  children,
}: {
  href: string;
  icon: React.ReactNode;
  gap?: number;
  children: React.ReactNode;
}) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ display: 'flex', gap, alignItems: 'center' }}>
      {icon} {children}
    </Link>
  );
}

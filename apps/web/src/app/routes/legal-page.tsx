import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/page-placeholder';

export type LegalSection = { heading: string; body: string[] };

export function LegalPage({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  useDocumentTitle(title);
  return (
    <Paper variant="outlined" component="article" sx={{ p: { xs: 3, md: 5 }, maxWidth: 820, mx: 'auto' }}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Last updated {updated}
      </Typography>
      {sections.map((s) => (
        <section key={s.heading}>
          <Typography variant="h3" component="h2" sx={{ mt: 3, mb: 1 }}>
            {s.heading}
          </Typography>
          {s.body.map((p) => (
            <Typography key={p.slice(0, 40)} sx={{ mb: 2 }}>
              {p}
            </Typography>
          ))}
        </section>
      ))}
    </Paper>
  );
}

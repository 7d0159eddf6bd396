import Box from '@mui/material/Box';
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

/** Markdown rendered safely: GitHub flavour, sanitised HTML, links open in a new tab. */
export function MarkdownView({ children }: { children: string }) {
  return (
    <Box
      sx={{
        wordBreak: 'break-word',
        '& h1, & h2, & h3': { mt: 2, mb: 1, lineHeight: 1.3 },
        '& h1': { fontSize: '1.4rem' },
        '& h2': { fontSize: '1.2rem' },
        '& h3': { fontSize: '1.05rem' },
        '& p': { my: 1, lineHeight: 1.65 },
        '& ul, & ol': { pl: 3 },
        '& code': { bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5, fontSize: '0.9em' },
        '& pre': { bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto' },
        '& pre code': { bgcolor: 'transparent', p: 0 },
        '& table': { borderCollapse: 'collapse' },
        '& td, & th': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& a': { color: 'primary.main' },
        '& img': { maxWidth: '100%' },
        '& > :first-of-type': { mt: 0 },
      }}
    >
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize]}
        components={{ a: ({ node: _n, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" /> }}
      >
        {children}
      </Markdown>
    </Box>
  );
}

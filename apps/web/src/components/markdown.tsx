import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

/**
 * Markdown rendered safely: GitHub-flavoured, sanitised (no raw HTML, no script URLs), links
 * open in a new tab. Shared by profiles, projects and tasks.
 */
export function Markdown({ children, sx }: { children: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      className="markdown"
      sx={[
        {
          wordBreak: 'break-word',
          lineHeight: 1.65,
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& h1': { fontSize: '1.6rem', fontWeight: 700, mt: 3, mb: 1.5 },
          '& h2': { fontSize: '1.35rem', fontWeight: 700, mt: 3, mb: 1.25 },
          '& h3, & h4, & h5, & h6': { fontSize: '1.1rem', fontWeight: 650, mt: 2.5, mb: 1 },
          '& p': { my: 1.25 },
          '& a': { color: 'primary.main' },
          '& ul, & ol': { pl: 3, my: 1.25 },
          // GFM task lists: the checkbox is the marker, no bullet beside it.
          '& li.task-list-item, & li:has(> input[type="checkbox"])': { listStyle: 'none' },
          '& ul.contains-task-list': { pl: 1 },
          '& li.task-list-item input[type="checkbox"]': { mr: 1, verticalAlign: 'middle' },
          '& code': {
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: '0.875em',
            bgcolor: 'action.hover',
            px: 0.5,
            py: 0.25,
            borderRadius: 1,
          },
          '& pre': { bgcolor: 'action.hover', p: 2, borderRadius: 2, overflowX: 'auto' },
          '& pre code': { bgcolor: 'transparent', p: 0 },
          '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
          '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
          '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75 },
          '& img': { maxWidth: '100%' },
          '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize]}
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
          // A GFM task-list checkbox (read-only) says whether its item is done.
          input: ({ node: _node, ...props }) => (
            <input
              {...props}
              aria-label={props.type === 'checkbox' ? (props.checked ? 'Done' : 'Not done') : undefined}
            />
          ),
        }}
      >
        {children}
      </ReactMarkdown>
    </Box>
  );
}

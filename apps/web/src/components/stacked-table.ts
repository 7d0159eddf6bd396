import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

/**
 * Below 600 px a table becomes stacked rows (DESIGN §13): the header row is hidden, each row is a
 * card and each cell shows its column name from `data-label` before its value. Give the Table
 * this sx and every body cell a `data-label`; cells without one (actions) span the row.
 */
export const stackedTableSx = (theme: Theme): SystemStyleObject<Theme> => ({
  [theme.breakpoints.down('sm')]: {
    minWidth: 0,
    display: 'block',
    width: '100%',
    '& thead': { display: 'none' },
    '& tbody, & tr, & td': { display: 'block', width: '100%' },
    '& tbody tr': {
      borderBottom: `1px solid ${theme.palette.divider}`,
      py: 1,
    },
    '& tbody td': {
      border: 0,
      py: 0.5,
      px: 1,
      textAlign: 'left',
      overflowWrap: 'anywhere',
    },
    '& tbody td[data-label]': {
      display: 'flex',
      // MUI reverses right-aligned cells; the label stays first. Long values wrap beside it.
      flexDirection: 'row',
      whiteSpace: 'normal',
      textOverflow: 'clip',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: 2,
      textAlign: 'right',
    },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      color: theme.palette.text.secondary,
      fontWeight: 500,
      textAlign: 'left',
      flexShrink: 0,
    },
  },
});

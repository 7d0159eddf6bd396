import { createTheme, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  // The theme is built with CSS variables (below): its type says so (theme.vars and the rest).
  interface CssThemeVariables {
    enabled: true;
  }
}

/** The notice stack's container: top-right (spec §1) but below the sticky top bar (DESIGN §13). */
export const NOTICES_CLASS = 'dm-notices';

/**
 * Spec §9: one sans-serif family (Inter, weights 100–900, bundled), its breakpoints. Light and dark
 * colour schemes (DESIGN §13): the user menu chooses Light, Dark or System; MUI keeps the choice in
 * localStorage ('mui-mode') and switches a class on <html>, so every colour below is a CSS variable.
 */
const options = (): Parameters<typeof createTheme>[0] => ({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#3f51e0', dark: '#2c3bb5', light: '#6d7cf0' },
        // Status colours darkened from MUI's defaults so text in them reaches WCAG AA (4.5:1) on white.
        secondary: { main: '#0b7a6b' },
        warning: { main: '#b45309' },
        info: { main: '#01579b' },
        background: { default: '#f6f7fb', paper: '#ffffff' },
        text: { primary: '#1a2027', secondary: '#55606e' },
        divider: '#e3e6ef',
      },
    },
    dark: {
      palette: {
        // Lightened so text and outlines in them reach AA on the dark paper; filled buttons use dark text.
        primary: { main: '#a5b0ff', dark: '#8f9cff', light: '#c3caff', contrastText: '#0b1020' },
        secondary: { main: '#4fd1bd', contrastText: '#06201c' },
        success: { main: '#6fcf75', contrastText: '#0a1f0b' },
        warning: { main: '#f5a524', contrastText: '#241600' },
        error: { main: '#ff8a80', contrastText: '#2a0705' },
        info: { main: '#7cc4fa', contrastText: '#04182a' },
        background: { default: '#0e121b', paper: '#161b27' },
        text: { primary: '#e8ebf2', secondary: '#a9b1c0' },
        divider: '#2c3446',
      },
    },
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } },
  typography: {
    fontFamily: '"Inter Variable", "Inter", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.6rem', fontWeight: 700 },
    h3: { fontSize: '1.35rem', fontWeight: 650 },
    h4: { fontSize: '1.2rem', fontWeight: 650 },
    h5: { fontSize: '1.05rem', fontWeight: 650 },
    h6: { fontSize: '1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 10 },
  components: {
    // Reserve the scrollbar's width: pages that grow past the viewport do not shift sideways.
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollbarGutter: 'stable' },
        // DESIGN §19: whatever people type, a long word wraps instead of widening the page. Inherited by
        // every text, table cell and link; `anywhere` (unlike break-word) also lets flex and grid items
        // and table columns shrink below the word's width.
        body: { overflowWrap: 'anywhere' },
        // The top bar is 56 px (phones) or 64 px high; each notice has 6 px above it, so they start below it.
        [`.${NOTICES_CLASS}`]: { top: '64px !important' },
        // Phones: at the bottom, inside the screen's width, clear of the top bar's buttons (issue 28).
        '@media (max-width:599.95px)': {
          [`.${NOTICES_CLASS}`]: {
            top: 'auto !important',
            bottom: '8px',
            left: '8px !important',
            right: '8px !important',
            width: 'auto !important',
            maxWidth: 'none !important',
            alignItems: 'stretch !important',
            flexDirection: 'column-reverse !important',
          },
        },
        // While a dialog is open its title row (close button) and actions are on the right: notices
        // move to the bottom-left, beside the dialog's content rather than over its controls.
        [`body:has(.MuiDialog-root) .${NOTICES_CLASS}`]: {
          '@media (min-width:600px)': {
            top: 'auto !important',
            bottom: '14px',
            right: 'auto !important',
            left: '20px !important',
            alignItems: 'flex-start !important',
            flexDirection: 'column-reverse !important',
          },
        },
        // A field scrolled into view (e.g. the first one with an error) stays clear of the sticky top bar.
        'input, textarea, select, [tabindex]': { scrollMarginTop: '88px' },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: ({ theme: t }) => ({ borderColor: t.vars.palette.divider }) },
    },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    // Initials on the placeholder avatar need AA contrast (MUI's default grey has 1.75:1).
    MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#3f51e0', color: '#ffffff' } } },
  },
});

let built: Theme | undefined;
/**
 * The theme, built on first use. Building it (and its CSS variables) is the costliest step of the
 * app's start, so main.tsx asks for it in a task of its own, between evaluating the scripts and
 * hydrating, each short enough not to block a tap on a phone (issue 33: total blocking time).
 */
export function appTheme(): Theme {
  if (built) return built;
  const theme = createTheme(options());
  // MUI's provider asks for the variables and their style sheets as it renders, and builds both
  // again on each call (deep merges of both colour schemes); they depend on the theme alone, so
  // they are built here, once.
  const vars = theme.generateThemeVars();
  const sheets = theme.generateStyleSheets();
  theme.generateThemeVars = () => vars;
  theme.generateStyleSheets = () => sheets;
  built = theme;
  return theme;
}

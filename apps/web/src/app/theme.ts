import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** Spec §9: light theme, one sans-serif family (Inter, weights 100–900, bundled), its breakpoints. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#3f51e0', dark: '#2c3bb5', light: '#6d7cf0' },
    // Status colours darkened from MUI's defaults so text in them reaches WCAG AA (4.5:1) on white.
    secondary: { main: '#0b7a6b' },
    warning: { main: '#b45309' },
    info: { main: '#01579b' },
    background: { default: '#f6f7fb', paper: '#ffffff' },
    text: { primary: '#1a2027', secondary: '#55606e' },
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
    MuiCssBaseline: { styleOverrides: { html: { scrollbarGutter: 'stable' } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { outlined: { borderColor: '#e3e6ef' } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    // Initials on the placeholder avatar need AA contrast (MUI's default grey has 1.75:1).
    MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#3f51e0', color: '#ffffff' } } },
  },
});

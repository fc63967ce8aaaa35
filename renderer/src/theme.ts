// The app's Mantine theme, and the colours its text is drawn in. Mantine's
// palette puts coloured text (red.6, yellow.9, green.9, the dimmed gray.6) at
// 2–4:1 on the app's backgrounds; WCAG AA asks 4.5:1 for text of this size.
// Rather than tune each component, every colour's text, outline and
// "light" variant text is derived here, once per scheme: the palette's own
// shade, darkened (light theme) or lightened (dark theme) in small steps
// until it reads at 4.5:1 on every background the app puts text on. Filled
// surfaces pick black or white text by the same measure (autoContrast). The
// accessibility e2e suite (axe-core) holds it there.
import { createTheme, darken, DEFAULT_THEME, lighten, luminance, type CSSVariablesResolver } from '@mantine/core';

const AA = 4.5;

export const theme = createTheme({
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  primaryColor: 'indigo',
  // indigo.7 carries white text at AA (indigo.6 does not).
  primaryShade: { light: 7, dark: 8 },
  // Black or white text on a filled colour, whichever reads at AA: 0.179 is where both reach 4.58:1.
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'sm',
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '18px' },
  components: {
    // The close button of every dialog is an icon: it needs a name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A toast's close button is an icon too; its message below a title is drawn in the readable dimmed
    // colour (app.css), not Mantine's gray.6 / dark.2, which read at 3.3:1 and 3.5:1 on the toast.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } }, classNames: { description: 'toast-description' } },
  },
});

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color`, moved towards black (or white) in 5% steps until it reads at AA on each background. */
export function readableOn(color: string, backgrounds: readonly string[], towards: 'dark' | 'light'): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = step === 0 ? color : towards === 'dark' ? darken(color, step / 20) : lighten(color, step / 20);
    if (backgrounds.every((bg) => contrast(candidate, bg) >= AA)) return candidate;
  }
  return towards === 'dark' ? '#000000' : '#ffffff';
}

const colors = DEFAULT_THEME.colors;
const names = Object.keys(colors).filter((name) => name !== 'dark');

// Where text is drawn: the page, Mantine's hover and muted greys, and each colour's "light" tint and its
// hover (alerts, light badges and buttons, the selected row) — a badge of one colour often sits on another's tint.
const LIGHT_BACKGROUNDS = ['#ffffff', colors.gray[0], colors.gray[1], ...names.flatMap((n) => [colors[n]![1], colors[n]![2]])];
const DARK_BACKGROUNDS = [colors.dark[7], colors.dark[6], colors.dark[5], colors.dark[8], ...names.flatMap((n) => [darken(colors[n]![9], 0.5), darken(colors[n]![9], 0.3)])];

function schemeVariables(scheme: 'light' | 'dark'): Record<string, string> {
  const backgrounds = scheme === 'light' ? LIGHT_BACKGROUNDS : DARK_BACKGROUNDS;
  const towards = scheme === 'light' ? 'dark' : 'light';
  const out: Record<string, string> = {};
  for (const name of names) {
    const shades = colors[name]!;
    // Mantine's own choice of shade per scheme, made readable.
    const text = readableOn(scheme === 'light' ? shades[7] : shades[4], backgrounds, towards);
    out[`--mantine-color-${name}-text`] = text;
    out[`--mantine-color-${name}-outline`] = text;
    out[`--mantine-color-${name}-light-color`] = readableOn(scheme === 'light' ? shades[9] : shades[0], backgrounds, towards);
  }
  out['--mantine-color-dimmed'] = readableOn(scheme === 'light' ? colors.gray[6] : colors.dark[2], backgrounds, towards);
  out['--mantine-color-anchor'] = out[`--mantine-color-${theme.primaryColor}-text`]!;
  return out;
}

export const readableColors: CSSVariablesResolver = () => ({ variables: {}, light: schemeVariables('light'), dark: schemeVariables('dark') });

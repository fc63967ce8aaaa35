// One policy for the Electron window and the browser-mode page: scripts only
// from the app itself, no plugins, no framing, no form posts, no base tag.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets CSS variables through a style element.
  "style-src 'self' 'unsafe-inline'",
  // Remote images render only after the user clicks to load them.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

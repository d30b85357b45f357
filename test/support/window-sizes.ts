/** The window sizes the Studio's layout is checked at: a laptop, a small window, a desktop screen. */
export const WINDOW_SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
] as const;

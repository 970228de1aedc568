// The stored appearance (src/app/theme/appearance.ts: key 'appearance', light | dark | device)
// applied before the first paint, so a dark page never flashes white. A file rather than an
// inline script: the app's Content-Security-Policy allows scripts from its own origin only.
try {
  const mode = localStorage.getItem('appearance');
  const dark = mode === 'dark' || (mode !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('ion-palette-dark', dark);
} catch {
  // No storage (a locked-down browser): the app applies the device's mode when it starts.
}

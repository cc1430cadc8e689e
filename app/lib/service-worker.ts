/** Registers /sw.js once the page has loaded, so it never competes with the first paint. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Installs the service worker that caches the app shell (public/sw.js), beside the page, so its scope is the app's. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch(() => {
    // Without it the app still works online; nothing to tell the driver.
  });
}

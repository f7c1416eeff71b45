/** The page's styles, served as a file (the CSP allows no inline style). */
export const TRACKING_PAGE_CSS = `body { font-family: system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1d2433; }
main { max-width: 560px; margin: 0 auto; padding: 24px 16px; }
h1 { font-size: 1.4rem; margin: 0 0 4px; }
.status { font-size: 1.1rem; font-weight: 600; margin: 12px 0 4px; }
.eta { color: #4a5568; margin-bottom: 16px; }
.pin { margin: 8px 0 16px; font-size: 1.1rem; }
ol { list-style: none; padding: 0; margin: 16px 0; }
li { padding: 6px 0 6px 28px; position: relative; color: #4a5568; }
li::before { content: ''; position: absolute; left: 6px; top: 11px; width: 10px; height: 10px; border-radius: 50%; background: #cbd5e0; }
li.reached { color: #1d2433; font-weight: 600; }
li.reached::before { background: #2f855a; }
/* The schematic only: Leaflet draws its route in an SVG of its own. */
#map { width: 100%; height: auto; background: #fff; border: 1px solid #e2e8f0; border-radius: 8px; }
.error { color: #c53030; }
[hidden] { display: none !important; }
.live-map { height: 320px; border: 1px solid #e2e8f0; border-radius: 8px; }
.marker { border-radius: 50%; border: 3px solid #fff; box-shadow: 0 0 0 1px rgba(29, 36, 51, 0.5); box-sizing: border-box; }
.marker-pickup { background: #2b6cb0; }
.marker-dropoff { background: #2f855a; }
.marker-driver { background: #dd6b20; transition: transform 0.6s linear; }
.legend { display: flex; gap: 16px; margin: 8px 0 0; padding: 0; font-size: 0.9rem; }
.legend span::before { content: ''; display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 6px; }
.legend .pickup::before { background: #2b6cb0; }
.legend .dropoff::before { background: #2f855a; }
.legend .driver::before { background: #dd6b20; }
`;

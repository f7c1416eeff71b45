/**
 * The sum of a metric's samples in Prometheus' text format over the series
 * whose labels include every one of `labels`; undefined when none matches.
 */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split(' ')[0];
    if (!Object.entries(labels).every(([label, value]) => labelText.includes(`${label}="${value}"`))) continue;
    total = (total ?? 0) + Number(line.split(' ').pop());
  }
  return total;
}

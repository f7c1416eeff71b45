/** A node of EXPLAIN (FORMAT JSON)'s plan, the fields the growth bench reads. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

function* nodesOf(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodesOf(child);
}

/** What in a plan grows with the table: a scan of a whole table, or a sort of what was read (a keyset read by an index needs neither). */
export function planFlags(plan: PlanNode): string[] {
  const flags: string[] = [];
  for (const node of nodesOf(plan)) {
    if (node['Node Type'] === 'Seq Scan') flags.push(`Seq Scan on ${node['Relation Name'] ?? '?'}`);
    if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') flags.push(node['Node Type']);
  }
  return flags;
}

/** The scans a plan makes (by index or not), its time and the buffers it touched. */
export function planSummary(plan: PlanNode, executionMs: number): string {
  const scans = [...nodesOf(plan)]
    .filter((node) => node['Relation Name'] !== undefined)
    .map((node) => `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ` on ${node['Relation Name']}`}`);
  const blocks = (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
  return `${scans.join(' + ')}, ${executionMs.toFixed(2)} ms, ${blocks} buffers`;
}

/** `per-core`: one Fastify + pg process per core; `over-bus`: the same app split by one hop on our bus (monolith-over-bus.ts). */
export type MonolithShape = 'per-core' | 'over-bus';

/**
 * Each shape's name in the bench's output: its loads are the services' paths
 * with the name and a space in front, its CPU column is the name, and the
 * summary's rows set the services beside it by that name.
 */
export const ANCHOR_NAMES: Readonly<Record<MonolithShape, string>> = { 'per-core': 'monolith', 'over-bus': 'monolith+hop' };

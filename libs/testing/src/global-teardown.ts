/** Stops the servers the global set-up started itself (none when `npm test` owns them). */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__TEST_INFRA_STOP__?.();
}

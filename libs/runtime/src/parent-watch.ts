/** How often the parent's pid is compared: the IPC channel usually reports first. */
const PARENT_POLL_MS = 1_000;

/** Taken when the app loads, so a parent that dies while the app boots is noticed too. */
const parentAtStart = process.ppid;
const startedWithChannel = process.send !== undefined;

/**
 * Calls `onGone` once the process that started us is gone. A supervisor
 * such as `npm start` opts in with EXIT_WITH_PARENT: its apps must not
 * outlive it (they would hold its ports), even when it is killed with
 * SIGKILL and cannot stop them. The IPC channel it opens closes the moment
 * it dies; without one, being re-parented (our ppid changes) says the same.
 */
export function watchParent(onGone: () => void): void {
  let reported = false;
  const poll = setInterval(() => {
    if (process.ppid !== parentAtStart) report();
  }, PARENT_POLL_MS);
  poll.unref();
  function report(): void {
    if (reported) return;
    reported = true;
    clearInterval(poll);
    onGone();
  }
  if (startedWithChannel) {
    process.once('disconnect', report);
    // The channel is only a tripwire: it must not keep the process alive by itself.
    process.channel?.unref();
    if (!process.connected) report();
  }
  if (process.ppid !== parentAtStart) report();
}

/**
 * Connections the kernel holds for the public port until the gateway accepts
 * them. Node's default, 511, overflows in a burst of new connections while
 * the event loop is busy (a client opens one per request it has in flight):
 * the kernel then drops the SYN, the client resends it after 1 s, then 3 s,
 * and the request is answered late or not at all, however fast the gateway
 * would have refused it (docs/reliability.md, "Overload"). Linux caps it at
 * net.core.somaxconn (4096 by default since 5.4).
 */
export const LISTEN_BACKLOG = 4096;

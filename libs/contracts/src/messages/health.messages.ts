/** A health ping carries nothing: any field on it is refused. */
export class PingMessage {}

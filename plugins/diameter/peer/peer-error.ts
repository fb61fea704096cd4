// A request that got no answer: the connection closed or was not open, the time ran out, the instance ended.
export class PeerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PeerError';
  }
}

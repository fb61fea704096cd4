// A usage problem of the command line (unreadable file, bad option value): exit 2 with its message.
export class UsageError extends Error {}

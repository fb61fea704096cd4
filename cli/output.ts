// Standard output of the CLI through pipes: the whole output reaches a slow reader (`| jq`, `| python -m json.tool`)
// before the process exits, and a reader that goes away early (`| head`) ends the command quietly, not with an
// EPIPE stack trace. Node writes to a pipe without blocking and queues what the pipe does not take; a
// process.exit() at that moment drops the queue (the output was cut at the pipe's 64 KiB).

/** A closed pipe on stdout or stderr: exit quietly with `code()` (or keep going, for long-running commands). */
export function handleClosedPipes(onClosed: () => void): void {
  for (const s of [process.stdout, process.stderr]) {
    s.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') onClosed();
      else throw e;
    });
  }
}

/** Resolves once everything written so far to the stream has been handed to the OS (or the stream is gone). */
function drained(s: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (s.destroyed || s.writableLength === 0) return resolve();
    // A write's callback runs after every earlier chunk has been flushed, in order; on an error too.
    s.write('', () => resolve());
  });
}

/** Exit with `code` once stdout and stderr have been flushed. */
export async function exitWhenFlushed(code: number): Promise<never> {
  process.exitCode = code;
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit(code);
}

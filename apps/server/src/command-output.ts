/** Where a command writes: the console from its bin, a buffer when a test runs it in-process. */
export interface CommandOutput {
  log(line: string): void;
  error(...parts: unknown[]): void;
}

/**
 * The exit code of a command's work: 0, or 1 once the error is written — its message alone for the
 * refusals the command expects (`isRefusal`), else `failure` and the error itself.
 */
export async function exitCodeOf(
  work: () => Promise<void>,
  out: CommandOutput,
  failure: string,
  isRefusal: (error: unknown) => error is Error,
): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (isRefusal(error)) out.error(error.message);
    else out.error(failure, error);
    return 1;
  }
}

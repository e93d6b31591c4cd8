/** Where a command writes: the console from its bin, a buffer when a test runs it in-process. */
export interface CommandOutput {
  log(line: string): void;
  error(...parts: unknown[]): void;
}

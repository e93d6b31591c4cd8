import { createInterface } from 'node:readline';

/**
 * Asks for a sealed backup's passphrase at the terminal, without echoing it; undefined when no one is
 * at a terminal (a script, a test), so the caller refuses with a message saying how to give it.
 */
export function askPassphrase(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stderr,
): Promise<string | undefined> {
  if (!input.isTTY || !output.isTTY) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const lines = createInterface({ input, output, terminal: true });
    let prompted = false;
    // readline echoes each key through _writeToOutput; past the prompt nothing typed is shown.
    const rl = lines as unknown as { _writeToOutput: (text: string) => void };
    const write = rl._writeToOutput.bind(lines);
    rl._writeToOutput = (text) => {
      if (!prompted) write(text);
    };
    lines.question('El respaldo está cifrado. Frase de paso: ', (answer) => {
      lines.close();
      output.write('\n');
      resolve(answer === '' ? undefined : answer);
    });
    prompted = true;
    lines.on('SIGINT', () => {
      lines.close();
      output.write('\n');
      resolve(undefined);
    });
  });
}

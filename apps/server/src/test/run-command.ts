import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs one of the command line tools (src/db/backup-command.ts …) through tsx, as an operator
 * would: this process's environment without `unset`, plus `environment`. Its exit code and output.
 */
export async function runCommand(
  entry: URL,
  args: string[],
  { environment, unset = [] }: { environment: Record<string, string>; unset?: string[] },
): Promise<{ exitCode: number | null; output: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.includes(name)));
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(entry), ...args], {
    env: { ...inherited, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { exitCode, output };
}

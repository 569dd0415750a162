import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const watchdogModule = fileURLToPath(new URL('./event-loop-watchdog.ts', import.meta.url));

/** Runs a small program in its own Node process (through tsx) and reports how it ended. */
function runChild(body: string) {
  const program = `import { startEventLoopWatchdog } from ${JSON.stringify(watchdogModule)};\n${body}`;
  const started = Date.now();
  return new Promise<{ code: number | null; signal: string | null; stderr: string; ms: number }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('exit', (code, signal) => resolve({ code, signal, stderr, ms: Date.now() - started }));
  });
}

describe('the event-loop watchdog', () => {
  it('kills a process whose event loop is blocked, saying why on stderr', async () => {
    const ended = await runChild(`
      startEventLoopWatchdog({ stalledMs: 400, message: 'the loop is stuck' });
      // Blocks the event loop for 20 s, as a hung embedded database does.
      setTimeout(() => { const until = Date.now() + 20000; while (Date.now() < until) {} }, 200);
    `);
    expect(ended.signal).toBe('SIGKILL');
    expect(ended.ms).toBeLessThan(15_000);
    const line = JSON.parse(ended.stderr.trim().split('\n').at(-1) ?? '{}') as { level?: number; msg?: string };
    expect(line).toMatchObject({ level: 60, msg: 'the loop is stuck' });
  }, 30_000);

  it('leaves a healthy process alone, and stops when asked', async () => {
    const ended = await runChild(`
      const watchdog = startEventLoopWatchdog({ stalledMs: 400, message: 'the loop is stuck' });
      setTimeout(() => { void watchdog.stop().then(() => process.exit(0)); }, 1500);
    `);
    expect(ended).toMatchObject({ code: 0, signal: null });
    expect(ended.stderr).not.toContain('the loop is stuck');
  }, 30_000);
});

import 'server-only';

type Command = (args: string[]) => Promise<number | void> | number | void;

/**
 * The end of a command-line module run as the program (the npm scripts start it with
 * `tsx --conditions=react-server`, the condition under which `server-only` is the empty module): the
 * export named by `--run NAME` (`main` by default) gets the other arguments, and the process exits with its
 * code even if a pool or a timer would keep it alive. A failure prints its message and exits with 1.
 */
export async function runCommand(commands: Record<string, Command>, argv = process.argv.slice(2)): Promise<never> {
  const args = [...argv];
  const at = args.indexOf('--run');
  const name = at >= 0 ? args.splice(at, 2)[1] : 'main';
  let code = 1;
  try {
    const command = name === undefined ? undefined : commands[name];
    if (!command) throw new Error(`no command ${String(name)} (there are: ${Object.keys(commands).join(', ')})`);
    code = (await command(args)) ?? 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
  }
  process.exit(code);
}

// Running the toolchains of other languages from tests: a command's stdout, or an error carrying its
// stderr, and the classpath of Debian's Jackson jars (installed by .ci/install-toolchains when missing).
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export const MINUTE = 60_000;

/** Jackson 2 (databind, core, annotations) from Debian's libjackson2-databind-java. */
export const JACKSON_CLASSPATH = ["jackson-databind", "jackson-core", "jackson-annotations"].map((jar) => `/usr/share/java/${jar}.jar`).join(":");

/** Runs a command and returns its stdout; a failure carries the command's stderr in the message. */
export async function command(file: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  try {
    const { stdout } = await run(file, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, maxBuffer: 64 * 1024 * 1024, timeout: 10 * MINUTE });
    return stdout;
  } catch (error) {
    const failure = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${file} ${args.join(" ")} failed:\n${failure.stderr || failure.stdout || failure.message}`);
  }
}

// Runs the core scenario outside Node: bundled by esbuild for the browser platform (which refuses any
// Node built-in), then evaluated in headless Debian Chromium through playwright-core, or served by a
// workerd process on 127.0.0.1 with a config written here. Every process started is stopped here.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import workerdBinary, { compatibilityDate } from "workerd";
import { launchBrowser } from "../support/browser.js";
import type { RecordedStream, ScenarioOutcome } from "./core-scenario.js";

/** The scenario (or a worker around it) as one browser-platform bundle. */
async function bundle(entry: string, format: "iife" | "esm"): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    platform: "browser",
    format,
    ...(format === "iife" ? { globalName: "partwiseScenario" } : {}),
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

/** The scenario's outcome in headless Chromium (the shared launcher: a fresh profile, no network). */
export async function runInChromium(streams: readonly RecordedStream[]): Promise<ScenarioOutcome> {
  const code = await bundle("./core-scenario.ts", "iife");
  const browser = await launchBrowser();
  const { context } = browser;
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addScriptTag({ content: code });
    return await page.evaluate(
      (inputs) => (globalThis as unknown as { partwiseScenario: { runCoreScenario: (streams: unknown) => Promise<ScenarioOutcome> } }).partwiseScenario.runCoreScenario(inputs),
      streams as RecordedStream[],
    );
  } finally {
    await browser.close();
  }
}

/** Reads workerd's control messages (one JSON per line) until it reports the port of socket `http`. */
function listeningPort(control: NodeJS.ReadableStream, exited: Promise<string>): Promise<number> {
  return new Promise((resolve, reject) => {
    let pending = "";
    control.setEncoding("utf8");
    control.on("data", (text: string) => {
      pending += text;
      for (let newline = pending.indexOf("\n"); newline >= 0; newline = pending.indexOf("\n")) {
        const message = JSON.parse(pending.slice(0, newline)) as { event?: string; socket?: string; port?: number };
        pending = pending.slice(newline + 1);
        if (message.event === "listen" && message.socket === "http" && message.port !== undefined) resolve(message.port);
      }
    });
    void exited.then((output) => reject(new Error(`workerd exited before listening:\n${output}`)));
  });
}

/** The scenario's outcome in Cloudflare's workerd, without nodejs_compat, the worker on 127.0.0.1:0. */
export async function runInWorkerd(streams: readonly RecordedStream[], directory: string): Promise<ScenarioOutcome> {
  writeFileSync(join(directory, "worker.js"), await bundle("./worker-entry.ts", "esm"));
  writeFileSync(join(directory, "config.capnp"), `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .scenario) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);
const scenario :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.js") ],
  compatibilityDate = "${compatibilityDate}",
);
`);
  const child = spawn(workerdBinary, ["serve", join(directory, "config.capnp"), "--control-fd=3"], { stdio: ["ignore", "pipe", "pipe", "pipe"] });
  // All three are pipes (stdio above), so none is null.
  const [stdout, stderr, control] = [child.stdio[1], child.stdio[2], child.stdio[3]] as NodeJS.ReadableStream[] as [NodeJS.ReadableStream, NodeJS.ReadableStream, NodeJS.ReadableStream];
  let output = "";
  for (const stream of [stdout, stderr]) stream.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<string>((resolve) => child.once("exit", () => resolve(output)));
  try {
    const port = await listeningPort(control, exited);
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: JSON.stringify(streams) });
    if (!response.ok) throw new Error(`workerd answered ${response.status}: ${await response.text()}\n${output}`);
    return (await response.json()) as ScenarioOutcome;
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

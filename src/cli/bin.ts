#!/usr/bin/env node
// The executable behind `partwise`: runs the CLI on the process's arguments and streams.
import { processIo } from "./command-io.js";
import { main } from "./main.js";

process.exitCode = await main(process.argv.slice(2), processIo());

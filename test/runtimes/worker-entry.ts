// The worker the workerd test serves: it runs the core scenario on the recorded streams POSTed to it and
// answers with the outcome as JSON.
import { runCoreScenario, type RecordedStream } from "./core-scenario.js";

export default {
  async fetch(request: Request): Promise<Response> {
    const streams = (await request.json()) as RecordedStream[];
    return Response.json(await runCoreScenario(streams));
  },
};

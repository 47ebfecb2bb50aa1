import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Starts (or finds) the PostgreSQL server and starts the Redis servers the session-store tests run against.
    globalSetup: ["test/support/postgres-global-setup.ts", "test/support/redis-global-setup.ts"],
    // Property tests run their CI case counts; `npm run fuzz` raises them through this variable.
    env: { PARTWISE_PROPERTY_RUNS: process.env.PARTWISE_PROPERTY_RUNS ?? "" },
  },
});

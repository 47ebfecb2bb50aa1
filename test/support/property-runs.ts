// How many cases a property test runs: the given CI count, or PARTWISE_PROPERTY_RUNS (npm run fuzz).

export function propertyRuns(ciRuns: number): number {
  const override = Number(process.env.PARTWISE_PROPERTY_RUNS);
  return Number.isInteger(override) && override > 0 ? override : ciRuns;
}

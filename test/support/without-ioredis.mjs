// A Node module-resolution hook for the missing-driver test: `ioredis` cannot be found, as when the
// optional peer dependency is not installed. Registered with `node --import` in a child process.
export async function resolve(specifier, context, next) {
  if (specifier === "ioredis") throw Object.assign(new Error("Cannot find package 'ioredis'"), { code: "ERR_MODULE_NOT_FOUND" });
  return next(specifier, context);
}

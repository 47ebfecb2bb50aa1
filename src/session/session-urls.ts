// Helpers for session store URLs shared by every store and the CLI, kept free of any driver import so a
// store's subpath export can use them without loading the others.

/** The URL with the password of its authority (`//user:password@`) masked, for messages. */
export function redactPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, "$1:***@");
}

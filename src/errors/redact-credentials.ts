// Masks the credentials a URL carries before it reaches a message: the password of its authority (which
// may itself hold `/`, `@` or `:`) and `password=` query parameters; in provider messages the user too.

/** The URL with the password of its authority (`//user:password@`) and `password=` parameters masked. */
export function redactPassword(url: string): string {
  let shown = url;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url);
  if (scheme) {
    const rest = url.slice(scheme[0].length);
    // The authority's userinfo ends at the last `@`: a password may hold `@` and `/` unescaped.
    const at = rest.lastIndexOf("@");
    const colon = rest.indexOf(":");
    if (at >= 0 && colon >= 0 && colon < at) shown = `${scheme[0]}${rest.slice(0, colon)}:***${rest.slice(at)}`;
  }
  return shown.replace(/([?&](?:ssl)?password=)[^&#]*/gi, "$1***");
}

/** Text (a URL, a message quoting URLs) with the user and password of every URL in it masked. */
export function redactUrlCredentials(text: string): string {
  // Up to the last `@` of the URL's run of non-space characters: a password may hold `@` and `/`.
  return redactPassword(text.replace(/([a-z][a-z0-9+.-]*:\/\/)\S*@/gi, "$1***@"));
}

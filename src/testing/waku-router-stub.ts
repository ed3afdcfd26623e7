// Waku's server router needs React's server build, which units do not run under. Pages imported by unit
// tests (through the route registry) get this stand-in; rendering is covered by the browser tests.
export class RedirectForTest extends Error {
  constructor(
    readonly location: string,
    readonly status: number,
  ) {
    super(`redirect ${status} ${location}`);
  }
}
export function unstable_redirect(location: string, status = 307): never {
  throw new RedirectForTest(location, status);
}
export function unstable_getRequest(): Request {
  throw new Error('No Waku request in unit tests');
}
export function unstable_setNonce(): void {}

/** Product §2: the wanted path of a signed-out visitor survives reloads (localStorage) until login restores it. */
const KEY = 'paddock.redirect-after-login';

export function readRememberedPath(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberPath(path: string) {
  try {
    localStorage.setItem(KEY, path);
  } catch {
    // private mode: nothing to persist to
  }
}

export function forgetRememberedPath() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}

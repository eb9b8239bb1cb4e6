const INTENT_KEY = 'carecode.auth.intent';

/**
 * /register opened without a sign-in in progress starts one; the provider always sends the
 * browser to /login, which then forwards to /register when this intent was remembered.
 */
export function rememberRegisterIntent() {
  try {
    window.sessionStorage.setItem(INTENT_KEY, 'register');
  } catch {
    // storage blocked: the visitor lands on /login and can follow the link
  }
}

export function hasRegisterIntent(): boolean {
  try {
    return window.sessionStorage.getItem(INTENT_KEY) === 'register';
  } catch {
    return false;
  }
}

export function clearRegisterIntent() {
  try {
    window.sessionStorage.removeItem(INTENT_KEY);
  } catch {
    // nothing remembered
  }
}

/**
 * Versions of the texts a person agrees to (no schema library here: the scan page imports this).
 * A consent is recorded with the version of the text that was shown; a changed text gets a new
 * version.
 */
export const LOCATION_PROMPT_TEXT_VERSION = 'location-prompt/2026-11';
export const CHILD_GUARDIAN_TEXT_VERSION = 'child-guardian/2026-11';

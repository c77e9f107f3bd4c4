// The tutorial follows registration (issue 28): /register/station moves to the
// tutorial with this navigation state, and the tutorial's last step then leads on to
// /register/done instead of offering to sign in.

/** The navigation state of a tutorial shown right after registering. */
export interface TutorialState {
  afterRegistration: true;
}

export const afterRegistration: TutorialState = { afterRegistration: true };

export function isAfterRegistration(state: unknown): state is TutorialState {
  return (state as Partial<TutorialState> | null)?.afterRegistration === true;
}

/** The tutorial's steps in order (spec §2: /tutorial/welcome, receive, send, store). */
export const tutorialSteps = ['welcome', 'receive', 'send', 'store'] as const;
export type TutorialStepId = (typeof tutorialSteps)[number];

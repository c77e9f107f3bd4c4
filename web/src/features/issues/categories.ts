import type { IssueCreateInput } from '@/api/generated/app-router';

export type IssueCategory = IssueCreateInput['category'];

/** The categories a user picks from, in the form's order (internal/issue Categories). */
export const issueCategories: readonly IssueCategory[] = ['door_wont_open', 'dirty', 'damaged', 'temperature', 'other'];

/** isIssueCategory tells a known category from anything else the API might hold. */
export const isIssueCategory = (c: string): c is IssueCategory => (issueCategories as readonly string[]).includes(c);

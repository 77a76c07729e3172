// Team page rules: validation, and roles with the owner check on the signed-in user (docs/rules.md#owners-and-admins).
import type { AuthUser } from '../../../contract/schemas/auth';
import type { TeamMember } from '../../../contract/schemas/teams';
import { BUDGET_PROBLEMS, budgetInput } from '../../lib/budgetInput';

export const OWNER_ROLE = 'owner';

const sameEmail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/**
 * Whether the signed-in user owns the team: they are the member with role 'owner' (matched by id, else by email).
 * The original looked for any owner in the list, so every member of an owned team got the owner controls.
 */
export function isCurrentUserOwner(
  me: Pick<AuthUser, 'id' | 'email'> | null | undefined,
  members: readonly TeamMember[] | null | undefined,
): boolean {
  if (!me || !members) return false;
  const mine =
    members.find((member) => member.id === me.id) ?? members.find((member) => sameEmail(member.email, me.email));
  return mine?.role === OWNER_ROLE;
}

/** The remove button is never offered for an owner. */
export const canRemoveMember = (member: Pick<TeamMember, 'role'>): boolean => member.role !== OWNER_ROLE;

export interface CreateTeamErrors {
  name?: string;
  budget?: string;
}

export interface CreateTeamInput {
  name: string;
  budget_limit: number;
}

/** Team creation: name and budget required and trimmed; the budget as every budget form reads it (budgetInput). */
export function validateCreateTeam(
  name: string,
  budget: string,
): { input: CreateTeamInput; errors: null } | { input: null; errors: CreateTeamErrors } {
  const errors: CreateTeamErrors = {};
  const trimmedName = name.trim();
  if (!trimmedName) errors.name = 'Team name is required';
  const { dollars, problem } = budgetInput(budget);
  if (problem) errors.budget = BUDGET_PROBLEMS[problem];
  if (errors.name || dollars === null) return { input: null, errors };
  return { input: { name: trimmedName, budget_limit: dollars }, errors: null };
}

// Deliberately simple: one @, something before it, a dotted domain after it, no spaces. The server has the last word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite: required, trimmed, valid email format. Returns the error text, or null when the email is fine. */
export function inviteEmailError(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return 'Email is required';
  if (!EMAIL_PATTERN.test(trimmed)) return 'Please enter a valid email address';
  return null;
}

export const NO_CAP = 'No cap';

/** How a member is named on the page: name, else email, else 'Unnamed member'. */
export const memberName = (member: Pick<TeamMember, 'name' | 'email'>): string =>
  member.name ?? member.email ?? 'Unnamed member';

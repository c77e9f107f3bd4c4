// Server state of the account feature: the only file of the feature that calls the
// server. Each hook owns what an answer means beyond the screen that asked: the
// session it changes and the event it tracks (spec §7), so no screen can forget
// either. The session change is declared (meta.session) and applied by the app's
// query client before any onSuccess runs. Screens add their own reaction (navigate,
// show a field error) through mutate(input, { onSuccess, onError }); tracking never
// holds that reaction up.
import { useMutation } from '@tanstack/react-query';
import type {
  AuthResponse,
  DeviceTokenInput,
  EmailInput,
  LoginInput,
  PhoneInput,
  PhoneVerifyInput,
  RegisterInput,
  SetPasswordInput,
  UpdateInput,
  VerifyInput,
} from '@/api/generated/app-router';
import { trpc } from '@/api/trpc';
import { toast } from '@/components/ui/toast-store';
import { hasLanguageChoice, setLanguage, toLanguage } from '@/i18n';
import { read, remove, storageKeys } from '@/lib/storage';
import { parseDeviceToken } from './device-token';

/** The account events of spec §7 in the server's spelling. */
export type AccountEvent =
  | 'login'
  | 'logout'
  | 'sign-up'
  | 'verify'
  | 'recall'
  | 'reset'
  | 'set-password'
  | 'update'
  | 'delete-profile';

/**
 * track sends event.track with the visitor's __SOURCE / __CAMPAIGN. Analytics must
 * never get in the user's way, so a failure is swallowed.
 */
export async function track(type: AccountEvent): Promise<void> {
  try {
    await trpc.event.track.mutate({
      type,
      source: read(storageKeys.source) ?? 'web',
      campaign: read(storageKeys.campaign) ?? 'default',
    });
  } catch {
    // Not worth a message: the user's action itself succeeded.
  }
}

/**
 * sendStoredDeviceToken hands the push token a native shell left under `device-token`
 * to the new session (spec §7: sent after auth, then removed locally). On failure it
 * stays for the next sign-in.
 */
async function sendStoredDeviceToken(): Promise<void> {
  const input: DeviceTokenInput | null = parseDeviceToken(read(storageKeys.deviceToken));
  if (!input) return;
  try {
    await trpc.auth.deviceToken.mutate(input);
    remove(storageKeys.deviceToken);
  } catch {
    // Kept for the next sign-in.
  }
}

/**
 * completeAuth finishes a login or set-password answer once it is the session: the
 * app switches to the user's language (spec §9: the user's own language wins), the
 * stored push token is handed over, the event is tracked and an operator message,
 * if the server sent one, is shown.
 */
async function completeAuth(res: AuthResponse, event: AccountEvent): Promise<void> {
  // A language chosen before signing in wins; AppLayout saves it to the account.
  if (res.user && !hasLanguageChoice()) await setLanguage(toLanguage(res.user.language));
  await Promise.all([sendStoredDeviceToken(), track(event)]);
  if (res.message) toast({ description: res.message });
}

/** useLogin signs in with e-mail and password; the answer becomes the session. */
export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => trpc.auth.login.mutate(input),
    meta: { session: 'signIn' },
    onSuccess: (res) => completeAuth(res, 'login'),
  });
}

/** useUnlock spends an e-mailed unlock link; nobody is signed in by it. */
export function useUnlock() {
  return useMutation({ mutationFn: (token: string) => trpc.auth.unlock.mutate({ token }) });
}

/** useRegister starts a registration: the server e-mails a code. */
export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => trpc.auth.register.mutate(input),
    onSuccess: () => void track('sign-up'),
  });
}

/** useRequestReset starts a password reset: a code is e-mailed (the same answer for unknown addresses). */
export function useRequestReset() {
  return useMutation({
    mutationFn: (input: EmailInput) => trpc.auth.reset.mutate(input),
    onSuccess: () => void track('reset'),
  });
}

/** useVerifyEmail trades the e-mailed code for a verification token. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (input: VerifyInput) => trpc.auth.verify.mutate(input),
    onSuccess: () => void track('verify'),
  });
}

/** useResendEmailCode asks for a new e-mailed code once resendAt has passed. */
export function useResendEmailCode() {
  return useMutation({
    mutationFn: (input: EmailInput) => trpc.auth.recall.mutate(input),
    onSuccess: () => void track('recall'),
  });
}

/** useSetPassword spends the verification token on a new password; the answer signs the user in. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (input: SetPasswordInput) => trpc.auth.setPassword.mutate(input),
    meta: { session: 'signIn' },
    onSuccess: (res) => completeAuth(res, 'set-password'),
  });
}

/** useUpdateAccount saves name, language or default station; the session gets the new user. */
export function useUpdateAccount() {
  return useMutation({
    mutationFn: (input: UpdateInput) => trpc.auth.update.mutate(input),
    meta: { session: 'signIn' },
    onSuccess: () => void track('update'),
  });
}

/** useRequestPhoneCode texts a code to a new phone number. */
export function useRequestPhoneCode() {
  return useMutation({ mutationFn: (input: PhoneInput) => trpc.auth.requestPhone.mutate(input) });
}

/** useResendPhoneCode texts a new code to the number being confirmed. */
export function useResendPhoneCode() {
  return useMutation({
    mutationFn: (input: PhoneInput) => trpc.auth.requestPhone.mutate(input),
    onSuccess: () => void track('recall'),
  });
}

/** useVerifyPhone confirms the number with the texted code; the session gets the updated user. */
export function useVerifyPhone() {
  return useMutation({
    mutationFn: (input: PhoneVerifyInput) => trpc.auth.verifyPhone.mutate(input),
    meta: { session: 'user' },
    onSuccess: () => void track('verify'),
  });
}

/**
 * useLogout ends the session on the server. The session is forgotten locally by
 * /login (see sign-out.ts), whatever the server answered: signing out locally is what
 * counts, so a failure shows no message.
 */
export function useLogout() {
  return useMutation({
    // Tracked first, while the session still says who is leaving.
    mutationFn: async () => {
      await track('logout');
      await trpc.auth.logout.mutate();
    },
    meta: { silent: true },
  });
}

/** useDeleteAccount removes the account with the user's reason (tracked once signed out, see sign-out.ts). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (reason: string) => trpc.auth.remove.mutate({ reason }) });
}

import { useMutation } from '@tanstack/react-query';
import type { AdminMe } from '#shared/admin.ts';
import type { CodeBody } from '#shared/two-factor.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { useSignedIn } from './log-in.ts';

type SignedIn = AdminMe & { success: true };

/** POST /api/admin/login/totp: a code of the authenticator app, or a recovery code, with the second step's cookie. */
export const signInWithCode = (body: CodeBody) => api<SignedIn>('/api/admin/login/totp', { method: 'POST', body });

export function useCodeMutation() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: signInWithCode,
    meta: {
      ownsUnauthorized: true,
      failure: (err) => ({ title: 'Login Failed', description: errorMessage(err, 'That code is not right. Please try again.') }),
    },
    onSuccess: signedIn,
  });
}

/** The passkey sign-in: options from the store, the browser's passkey prompt, the assertion back. */
export async function signInWithPasskey(): Promise<SignedIn> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await api<Parameters<typeof startAuthentication>[0]['optionsJSON']>('/api/admin/login/passkey/options', {
    method: 'POST',
  });
  const response = await startAuthentication({ optionsJSON });
  return api<SignedIn>('/api/admin/login/passkey', { method: 'POST', body: { response } });
}

export function usePasskeySignInMutation() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: signInWithPasskey,
    meta: {
      ownsUnauthorized: true,
      failure: (err) => ({
        title: 'Login Failed',
        description: errorMessage(err, 'The passkey sign-in did not finish. Please try again, or sign in with your password.'),
      }),
    },
    onSuccess: signedIn,
  });
}

import { useMutation } from '@tanstack/react-query';
import {
  completeMfa,
  confirmPasswordReset,
  login,
  requestPasswordReset,
  signup,
  verifyEmail,
  type Credentials,
  type MfaAnswer,
  type SignupDetails,
} from '../../api/auth-api.ts';

export function useLogin() {
  return useMutation({ mutationFn: (credentials: Credentials) => login(credentials) });
}

export function useCompleteMfa() {
  return useMutation({ mutationFn: (answer: MfaAnswer) => completeMfa(answer) });
}

export function useSignup() {
  return useMutation({ mutationFn: (details: SignupDetails) => signup(details) });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      confirmPasswordReset(token, password),
  });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: (token: string) => verifyEmail(token) });
}

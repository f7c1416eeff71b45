import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, setCsrfToken } from '../../api/client';
import { ApiError, unwrap } from '@sdd/web';
import type { components } from '../../api/schema';

export type DashboardSession = components['schemas']['DashboardSession'];

export const SESSION_KEY = ['session'] as const;

/** The signed-in member, or null when the cookie is missing or ended (401). */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<DashboardSession | null> => {
      try {
        const session = await unwrap(api.GET('/v1/dashboard/session'));
        setCsrfToken(session.csrf_token);
        return session;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** Signs in with a password or a mailed link's token; the cookie comes with the answer. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string } | { link_token: string }) => unwrap(api.POST('/v1/dashboard/sessions', { body })),
    onSuccess: (session) => signedIn(queryClient, session),
  });
}

/** Accepting an invitation sets a password and signs the new member in. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => unwrap(api.POST('/v1/dashboard/invitations/accept', { body })),
    onSuccess: (session) => signedIn(queryClient, session),
  });
}

export function useSendSignInLink() {
  return useMutation({ mutationFn: (email: string) => unwrap(api.POST('/v1/dashboard/sign_in_links', { body: { email } })) });
}

function signedIn(queryClient: ReturnType<typeof useQueryClient>, session: DashboardSession): void {
  setCsrfToken(session.csrf_token);
  // The mailed token is spent: it leaves the address bar and the history.
  window.history.replaceState(null, '', '/dashboard/deliveries');
  queryClient.setQueryData(SESSION_KEY, session);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/v1/dashboard/session')),
    onSuccess: () => {
      setCsrfToken(null);
      queryClient.setQueryData(SESSION_KEY, null);
      // Nothing of the member stays in memory for whoever signs in next on this browser.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    },
  });
}

import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { MeDocument, type SessionUserFragment } from '../__generated__/graphql';
import { useLogInMutation, useLogOutMutation, useMeQuery, useSignUpMutation } from '../__generated__/hooks';
import { resetSubscriptionTransport } from '../lib/apollo';

// Operations are declared where they are used; codegen turns each into a typed
// document and a named hook (../__generated__/hooks), which is what code calls.
graphql(`
  fragment SessionUser on User {
    id
    name
    email
  }
`);

graphql(`
  query Me {
    me {
      ...SessionUser
    }
  }
`);

graphql(`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      user {
        ...SessionUser
      }
    }
  }
`);

graphql(`
  mutation LogIn($input: LogInInput!) {
    logIn(input: $input) {
      user {
        ...SessionUser
      }
    }
  }
`);

graphql(`
  mutation LogOut {
    logOut
  }
`);

/** The signed-in user: `user` is null when logged out, undefined while loading. */
export function useSession() {
  const { data, loading, error, refetch } = useMeQuery();
  return { user: data ? data.me : undefined, loading, error, refetch };
}

/**
 * Starts a session for `user`: drops everything cached for whoever was signed
 * in before, then records the new user as `me` so the app does not ask again.
 */
function useStartSession() {
  const client = useApolloClient();
  return useCallback(
    async (user: SessionUserFragment) => {
      await client.clearStore();
      resetSubscriptionTransport();
      client.writeQuery({ query: MeDocument, data: { me: user } });
    },
    [client],
  );
}

export function useSignUp() {
  const [mutate, state] = useSignUpMutation();
  const startSession = useStartSession();
  const signUp = useCallback(
    async (input: { name: string; email: string; password: string }) => {
      const { data } = await mutate({ variables: { input } });
      if (data) await startSession(data.signUp.user);
    },
    [mutate, startSession],
  );
  return [signUp, state] as const;
}

export function useLogIn() {
  const [mutate, state] = useLogInMutation();
  const startSession = useStartSession();
  const logIn = useCallback(
    async (input: { email: string; password: string }) => {
      const { data } = await mutate({ variables: { input } });
      if (data) await startSession(data.logIn.user);
    },
    [mutate, startSession],
  );
  return [logIn, state] as const;
}

/** Ends the session and forgets every cached object of the user who left. */
export function useLogOut() {
  const [mutate, state] = useLogOutMutation();
  const client = useApolloClient();
  const logOut = useCallback(async () => {
    await mutate();
    await client.clearStore();
    resetSubscriptionTransport();
    client.writeQuery({ query: MeDocument, data: { me: null } });
  }, [mutate, client]);
  return [logOut, state] as const;
}

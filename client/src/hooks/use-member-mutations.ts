import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { SettingsPageDocument, type Role } from '../__generated__/graphql';
import { useAddMemberMutation, useRemoveMemberMutation, useSetMemberRoleMutation } from '../__generated__/hooks';

/** The settings page lists this many members (PRODUCT.md §9 caps `first` at 100). */
export const MEMBERS_PAGE_SIZE = 100;

graphql(`
  query SettingsPage($id: ID!, $firstMembers: Int!) {
    project(id: $id) {
      id
      name
      slug
      myRole
      members(first: $firstMembers) {
        totalCount
        pageInfo {
          hasNextPage
        }
        edges {
          node {
            ...MemberRow_membership
          }
        }
      }
    }
  }
`);

graphql(`
  mutation AddMember($input: AddMemberInput!) {
    addMember(input: $input) {
      ...MemberRow_membership
    }
  }
`);

graphql(`
  mutation SetMemberRole($input: SetMemberRoleInput!) {
    setMemberRole(input: $input) {
      ...MemberRow_membership
    }
  }
`);

graphql(`
  mutation RemoveMember($input: RemoveMemberInput!) {
    removeMember(input: $input)
  }
`);

/** Adds a member and appends it to the cached list (members are listed oldest first). */
export function useAddMember(projectId: string) {
  const [mutate, state] = useAddMemberMutation({
    update(cache, { data }) {
      if (!data) return;
      const member = data.addMember;
      cache.updateQuery({ query: SettingsPageDocument, variables: { id: projectId, firstMembers: MEMBERS_PAGE_SIZE } }, (page) => {
        if (!page?.project) return undefined;
        const { members } = page.project;
        if (members.edges.some((e) => e.node.id === member.id)) return undefined;
        return {
          ...page,
          project: {
            ...page.project,
            members: {
              ...members,
              totalCount: members.totalCount + 1,
              edges: members.pageInfo.hasNextPage ? members.edges : [...members.edges, { __typename: 'MembershipEdge' as const, node: member }],
            },
          },
        };
      });
    },
  });
  const addMember = useCallback(
    async (email: string, role: Role) => (await mutate({ variables: { input: { projectId, email, role } } })).data?.addMember,
    [mutate, projectId],
  );
  return [addMember, state] as const;
}

/**
 * Changes a role; the answer updates the membership by id. Changing one's
 * own role also changes what the page may offer, so the page is refetched then.
 */
export function useSetMemberRole(projectId: string) {
  const [mutate, state] = useSetMemberRoleMutation();
  const setMemberRole = useCallback(
    async (membershipId: string, role: Role, isSelf: boolean) =>
      (
        await mutate({
          variables: { input: { membershipId, role } },
          refetchQueries: isSelf ? [{ query: SettingsPageDocument, variables: { id: projectId, firstMembers: MEMBERS_PAGE_SIZE } }] : [],
        })
      ).data?.setMemberRole,
    [mutate, projectId],
  );
  return [setMemberRole, state] as const;
}

/** Removes a member and drops it from the cached list. */
export function useRemoveMember(projectId: string) {
  const [mutate, state] = useRemoveMemberMutation();
  const removeMember = useCallback(
    async (membershipId: string) => {
      await mutate({
        variables: { input: { membershipId } },
        update(cache, { data }) {
          if (!data?.removeMember) return;
          cache.updateQuery({ query: SettingsPageDocument, variables: { id: projectId, firstMembers: MEMBERS_PAGE_SIZE } }, (page) => {
            if (!page?.project) return undefined;
            const { members } = page.project;
            return {
              ...page,
              project: {
                ...page.project,
                members: { ...members, totalCount: members.totalCount - 1, edges: members.edges.filter((e) => e.node.id !== membershipId) },
              },
            };
          });
          cache.evict({ id: cache.identify({ __typename: 'Membership', id: membershipId }) });
        },
      });
    },
    [mutate, projectId],
  );
  return [removeMember, state] as const;
}

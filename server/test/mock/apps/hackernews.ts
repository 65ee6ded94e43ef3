/**
 * How to GraphQL's Hacker News clone: the server's schema (`hackernews-node`,
 * Prisma and Apollo Server) and the operations its React client
 * (`hackernews-react-apollo`) sends, as published.
 */
export const HACKERNEWS_SDL = `
scalar DateTime

type Query {
  info: String!
  feed(filter: String, skip: Int, take: Int, orderBy: LinkOrderByInput): Feed!
}

type Feed {
  id: ID!
  links: [Link!]!
  count: Int!
}

type Mutation {
  post(url: String!, description: String!): Link!
  signup(email: String!, password: String!, name: String!): AuthPayload
  login(email: String!, password: String!): AuthPayload
  vote(linkId: ID!): Vote
}

type Subscription {
  newLink: Link
  newVote: Vote
}

type AuthPayload {
  token: String
  user: User
}

type User {
  id: ID!
  name: String!
  email: String!
  links: [Link!]!
}

type Link {
  id: ID!
  description: String!
  url: String!
  postedBy: User
  votes: [Vote!]!
  createdAt: DateTime!
}

type Vote {
  id: ID!
  link: Link!
  user: User!
}

input LinkOrderByInput {
  description: Sort
  url: Sort
  createdAt: Sort
}

enum Sort {
  asc
  desc
}
`;

export const HACKERNEWS_OPS = {
  FEED_QUERY: `
query FeedQuery($take: Int, $skip: Int, $orderBy: LinkOrderByInput) {
  feed(take: $take, skip: $skip, orderBy: $orderBy) {
    id
    links {
      id
      createdAt
      url
      description
      postedBy {
        id
        name
      }
      votes {
        id
        user {
          id
        }
      }
    }
    count
  }
}`,
  VOTE_MUTATION: `
mutation VoteMutation($linkId: ID!) {
  vote(linkId: $linkId) {
    id
    link {
      id
      votes {
        id
        user {
          id
        }
      }
    }
    user {
      id
    }
  }
}`,
  CREATE_LINK_MUTATION: `
mutation PostMutation($description: String!, $url: String!) {
  post(description: $description, url: $url) {
    id
    createdAt
    url
    description
  }
}`,
  SIGNUP_MUTATION: `
mutation SignupMutation($email: String!, $password: String!, $name: String!) {
  signup(email: $email, password: $password, name: $name) {
    token
  }
}`,
  LOGIN_MUTATION: `
mutation LoginMutation($email: String!, $password: String!) {
  login(email: $email, password: $password) {
    token
    user {
      id
      email
    }
  }
}`,
};

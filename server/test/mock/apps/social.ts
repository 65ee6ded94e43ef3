/**
 * A social app in the style GraphQL Yoga and Nexus tutorials and most
 * product APIs use: plain arguments, action mutations beside one CRUD one,
 * payload types, a result union for login, an `Upload` scalar. The
 * operations are the client's, written against the SDL before any import.
 */
export const SOCIAL_SDL = `
scalar Upload
scalar DateTime

type Query {
  me: User
  user(id: ID!): User
  post(id: ID!): Post
  posts(first: Int, after: String): [Post!]!
}

type Mutation {
  updatePost(id: ID!, title: String): Post
  likePost(id: ID!): Post!
  bookmarkPost(postId: ID!): Post
  followUser(userId: ID!): FollowPayload!
  unfollowUser(userId: ID!): FollowPayload!
  markAllAsRead: [Notification!]!
  markNotificationsAsRead(notificationIds: [ID!]!): MarkReadPayload!
  uploadAvatar(file: Upload!): String!
  requestPasswordReset(email: String!): Boolean!
  login(input: LoginInput!): LoginResult!
}

input LoginInput {
  email: String!
  password: String!
}

union LoginResult = LoginSuccess | InvalidCredentials

type LoginSuccess {
  token: String!
  expiresAt: DateTime!
  user: User!
}

type InvalidCredentials {
  message: String!
}

type FollowPayload {
  user: User!
  isFollowing: Boolean!
  followerCount: Int!
}

type MarkReadPayload {
  success: Boolean!
  message: String
  count: Int!
  notifications: [Notification!]!
}

type User {
  id: ID!
  username: String!
  email: String!
  avatarUrl: String
  posts: [Post!]!
}

type Post {
  id: ID!
  title: String!
  body: String
  author: User!
  createdAt: DateTime!
}

type Notification {
  id: ID!
  text: String!
  read: Boolean!
  recipient: User!
}
`;

export const SOCIAL_OPS = {
  UPDATE_POST: `mutation UpdatePost($id: ID!, $title: String) { updatePost(id: $id, title: $title) { id title } }`,
  POST: `query Post($id: ID!) { post(id: $id) { id title author { id username } } }`,
  LIKE_POST: `mutation LikePost($id: ID!) { likePost(id: $id) { id title author { id username } } }`,
  BOOKMARK_POST: `mutation BookmarkPost($postId: ID!) { bookmarkPost(postId: $postId) { id title } }`,
  FOLLOW_USER: `mutation FollowUser($userId: ID!) { followUser(userId: $userId) { isFollowing followerCount user { id username } } }`,
  UNFOLLOW_USER: `mutation UnfollowUser($userId: ID!) { unfollowUser(userId: $userId) { isFollowing user { id } } }`,
  MARK_ALL_AS_READ: `mutation MarkAllAsRead { markAllAsRead { id read } }`,
  MARK_READ: `mutation MarkRead($ids: [ID!]!) { markNotificationsAsRead(notificationIds: $ids) { success message count notifications { id text } } }`,
  UPLOAD_AVATAR: `mutation UploadAvatar($file: Upload!) { uploadAvatar(file: $file) }`,
  REQUEST_RESET: `mutation RequestReset($email: String!) { requestPasswordReset(email: $email) }`,
  LOGIN: `
mutation Login($input: LoginInput!) {
  login(input: $input) {
    __typename
    ... on LoginSuccess {
      token
      expiresAt
      user {
        id
        email
      }
    }
    ... on InvalidCredentials {
      message
    }
  }
}`,
};

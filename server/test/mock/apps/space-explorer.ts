/**
 * Apollo's full-stack tutorial app (space-explorer): its server's schema and
 * the operations its React client sends, as published (`final/server/src/schema.js`,
 * `final/client/src/**`; client-only `@client` fields left out, as Apollo
 * Client strips them before sending).
 */
export const SPACE_EXPLORER_SDL = `
type Query {
  launches(
    """
    The number of results to show. Must be >= 1. Default = 20
    """
    pageSize: Int
    """
    If you add a cursor here, it will only return results _after_ this cursor
    """
    after: String
  ): LaunchConnection!
  launch(id: ID!): Launch
  me: User
}

type Mutation {
  # if false, signup failed -- check errors
  bookTrips(launchIds: [ID]!): TripUpdateResponse!

  # if false, cancellation failed -- check errors
  cancelTrip(launchId: ID!): TripUpdateResponse!

  login(email: String): User

  uploadProfileImage(file: Upload!): User
}

type TripUpdateResponse {
  success: Boolean!
  message: String
  launches: [Launch]
}

"""
Simple wrapper around our list of launches that contains a cursor to the
last item in the list. Pass this cursor to the launches query to fetch results
after these.
"""
type LaunchConnection {
  cursor: String!
  hasMore: Boolean!
  launches: [Launch]!
}

type Launch {
  id: ID!
  site: String
  mission: Mission
  rocket: Rocket
  isBooked: Boolean!
}

type Rocket {
  id: ID!
  name: String
  type: String
}

type User {
  id: ID!
  email: String!
  profileImage: String
  trips: [Launch]!
  token: String
}

type Mission {
  name: String
  missionPatch(size: PatchSize): String
}

enum PatchSize {
  SMALL
  LARGE
}

scalar Upload
`;

const LAUNCH_TILE = `
fragment LaunchTile on Launch {
  __typename
  id
  isBooked
  rocket {
    id
    name
  }
  mission {
    name
    missionPatch
  }
}`;

/** The client's operations, as its components send them. */
export const SPACE_EXPLORER_OPS = {
  GET_LAUNCHES: `
query GetLaunchList($after: String) {
  launches(after: $after) {
    cursor
    hasMore
    launches {
      ...LaunchTile
    }
  }
}
${LAUNCH_TILE}`,
  GET_LAUNCH_DETAILS: `
query LaunchDetails($launchId: ID!) {
  launch(id: $launchId) {
    site
    rocket {
      type
    }
    ...LaunchTile
  }
}
${LAUNCH_TILE}`,
  GET_MY_TRIPS: `
query GetMyTrips {
  me {
    id
    email
    trips {
      ...LaunchTile
    }
  }
}
${LAUNCH_TILE}`,
  LOGIN_USER: `
mutation Login($email: String!) {
  login(email: $email) {
    id
    token
  }
}`,
  BOOK_TRIPS: `
mutation BookTrips($launchIds: [ID]!) {
  bookTrips(launchIds: $launchIds) {
    success
    message
    launches {
      id
      isBooked
    }
  }
}`,
  CANCEL_TRIP: `
mutation cancel($launchId: ID!) {
  cancelTrip(launchId: $launchId) {
    success
    message
    launches {
      id
      isBooked
    }
  }
}`,
};

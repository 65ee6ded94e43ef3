import { graphql } from '../__generated__';

/** The history lists this many of the newest revisions. */
export const REVISIONS_PAGE_SIZE = 50;

graphql(`
  fragment BlueprintEditor_blueprint on Blueprint {
    id
    name
    revision
    document
    updatedAt
    revisions(first: $firstRevisions) {
      totalCount
      edges {
        node {
          id
          number
          createdAt
          author {
            id
            name
          }
        }
      }
    }
  }
`);

graphql(`
  query BlueprintEditor($id: ID!, $firstRevisions: Int!) {
    blueprint(id: $id) {
      ...BlueprintEditor_blueprint
      project {
        id
        slug
        name
        myRole
      }
    }
  }
`);

graphql(`
  query BlueprintRevision($id: ID!, $number: Int!) {
    blueprint(id: $id) {
      id
      revisionByNumber(number: $number) {
        id
        number
        document
        createdAt
        author {
          id
          name
        }
      }
    }
  }
`);

import type { TestClient } from '../support/client';
import { shopDocument } from '../support/factories';
import { startServerWithProject } from '../support/project-server';
import type { TestServer } from '../support/server';

let server: TestServer;
let owner: TestClient;
let projectId: string;

beforeAll(async () => ({ server, owner, projectId } = await startServerWithProject()));
afterAll(() => server.stop());

const CREATE = `mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`;
const PREVIEW = `query($input: PreviewInput!) { preview(input: $input) { rows } }`;

describe('an invalid document is answered with every issue at once', () => {
  const broken = () => {
    const d = structuredClone(shopDocument()) as any;
    d.tables[0].fields[1].nullRate = 1.5;
    d.tables[0].fields[2].name = 'ID';
    d.tables[1].rows = 2.5;
    d.tables[1].fields[0].generator = 'no.such';
    d.tables[1].fields[1].name = 'user id';
    return d;
  };
  const expected = [
    { path: 'tables[0].fields[1].nullRate', message: 'must be between 0 and 1 (a share of the rows: 0.25 is 25%)' },
    { path: 'tables[0].fields[2].name', message: expect.stringMatching(/^field name "ID" is already used at tables\[0\]\.fields\[0\]\.name/) },
    { path: 'tables[1].rows', message: 'must be a whole number of rows' },
    { path: 'tables[1].fields[0].generator', message: expect.stringMatching(/^unknown generator "no.such"/) },
    { path: 'tables[1].fields[1].name', message: expect.stringMatching(/^must be an SQL identifier/) },
  ];

  it('when saving: BAD_USER_INPUT at the first, with all of them (paths from 0) in extensions.issues, nothing stored', async () => {
    const error = await owner.fails(CREATE, { input: { projectId, document: broken() } });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].fields[1].nullRate' } });
    expect(error.extensions!.issues).toEqual(expected);
    const { project } = await owner.ok(`query($id: ID!) { project(id: $id) { blueprints(first: 10) { edges { node { id } } } } }`, { id: projectId });
    expect(project.blueprints.edges).toEqual([]);
  });

  it('when previewing an unsaved draft', async () => {
    const error = await owner.fails(PREVIEW, { input: { document: broken() } });
    expect(error.extensions!.issues).toEqual(expected);
  });
});

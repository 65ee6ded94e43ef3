import { validateBlueprint } from '../../src/engine';
import { BlueprintRevisionEntity } from '../../src/modules/blueprint/blueprint-revision.entity';
import type { TestClient } from '../support/client';
import { createBlueprint, shopDocument } from '../support/factories';
import { startServerWithProject } from '../support/project-server';
import type { TestServer } from '../support/server';

// Counts the validations the server runs (the engine loads this module to validate).
jest.mock('../../src/engine/validate', () => {
  const actual = jest.requireActual('../../src/engine/validate');
  return { ...actual, validateBlueprint: jest.fn(actual.validateBlueprint) };
});
const validations = validateBlueprint as jest.MockedFunction<typeof validateBlueprint>;

let server: TestServer;
let owner: TestClient;
let projectId: string;

beforeAll(async () => ({ server, owner, projectId } = await startServerWithProject()));
afterAll(() => server.stop());
beforeEach(() => validations.mockClear());

const PREVIEW = `query($input: PreviewInput!) { preview(input: $input) { rows } }`;

describe('a saved revision is validated once per process', () => {
  it('by the rows API, however often it is asked; a preview never on the API thread (its worker thread validates)', async () => {
    const { id } = await createBlueprint(owner, projectId);
    validations.mockClear();
    for (let i = 0; i < 3; i++) {
      const rows = await owner.request(`/api/v1/blueprints/${id}/rows.csv?table=users&count=3&seed=${i}`);
      expect(rows.status).toBe(200);
      expect((await rows.text()).trim().split('\n')).toHaveLength(4);
    }
    expect(validations).toHaveBeenCalledTimes(1);

    for (let i = 0; i < 3; i++) await owner.ok(PREVIEW, { input: { blueprintId: id, limit: 2, seed: i } });
    for (let i = 0; i < 2; i++) await owner.ok(PREVIEW, { input: { document: shopDocument(), limit: 2 } });
    expect(validations).toHaveBeenCalledTimes(1);
  });

  it('a revision saved by an older version that fails today keeps failing with every issue, validated once here', async () => {
    const { id } = await createBlueprint(owner, projectId);
    const old = structuredClone(shopDocument()) as any;
    old.tables[0].fields[1].nullRate = 1.5;
    old.tables[1].fields[0].generator = 'no.such';
    // Stored as an older server would have let it be: revisions are never rewritten by the API.
    await server.db.getRepository(BlueprintRevisionEntity).update({ blueprintId: id, number: 1 }, { document: old });
    validations.mockClear();

    const paths = ['tables[0].fields[1].nullRate', 'tables[1].fields[0].generator'];
    for (let i = 0; i < 3; i++) {
      const rows = await owner.request(`/api/v1/blueprints/${id}/rows.csv?table=users&count=3`);
      expect(rows.status).toBe(400);
      const body = await rows.json();
      expect(body.errors[0].extensions.issues.map((issue: { path: string }) => issue.path)).toEqual(paths);
    }
    expect(validations).toHaveBeenCalledTimes(1);
    // The preview's worker thread says the same, every issue carried back from it.
    const error = await owner.fails(PREVIEW, { input: { blueprintId: id, limit: 2 } });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].fields[1].nullRate' } });
    expect((error.extensions!.issues as { path: string }[]).map((issue) => issue.path)).toEqual(paths);
  });
});

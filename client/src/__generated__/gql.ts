/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query DocumentDownload($id: ID!) {\n    blueprint(id: $id) {\n      id\n      name\n      revision\n      document\n    }\n  }\n": typeof types.DocumentDownloadDocument,
    "\n  query Locales {\n    locales\n  }\n": typeof types.LocalesDocument,
    "\n  query MockPanel($id: ID!) {\n    blueprint(id: $id) {\n      id\n      revision\n      mockPath\n      mockExample\n      mockAnswers {\n        field\n        kind\n        answer\n        unbound\n      }\n      project {\n        id\n        mockOrigins\n      }\n    }\n  }\n": typeof types.MockPanelDocument,
    "\n  mutation SetMockOrigins($input: SetMockOriginsInput!) {\n    setMockOrigins(input: $input) {\n      id\n      mockOrigins\n    }\n  }\n": typeof types.SetMockOriginsDocument,
    "\n  fragment RunDetails_run on Run {\n    id\n    status\n    revision\n    seed\n    rowsDone\n    rowsTotal\n    attempts\n    queuePosition\n    error\n    createdAt\n    startedAt\n    finishedAt\n    expiresAt\n    requestedBy {\n      id\n      name\n    }\n    blueprint {\n      id\n      name\n    }\n    target {\n      kind\n      formats\n      dialect\n      gzip\n      host\n      database\n      truncate\n    }\n    artifacts {\n      name\n      table\n      format\n      size\n      sha256\n      url\n    }\n  }\n": typeof types.RunDetails_RunFragmentDoc,
    "\n  fragment RunsTable_run on Run {\n    id\n    status\n    revision\n    rowsDone\n    rowsTotal\n    queuePosition\n    createdAt\n    blueprint {\n      id\n      name\n    }\n    target {\n      kind\n      formats\n      database\n    }\n  }\n": typeof types.RunsTable_RunFragmentDoc,
    "\n  fragment ApiKeyRow_apiKey on ApiKey {\n    id\n    name\n    role\n    prefix\n    last4\n    status\n    createdAt\n    lastUsedAt\n    expiresAt\n    revokedAt\n    createdBy {\n      id\n      name\n    }\n  }\n": typeof types.ApiKeyRow_ApiKeyFragmentDoc,
    "\n  fragment MemberRow_membership on Membership {\n    id\n    role\n    createdAt\n    user {\n      id\n      name\n      email\n    }\n  }\n": typeof types.MemberRow_MembershipFragmentDoc,
    "\n  fragment TemplateCard_template on Template {\n    id\n    name\n    description\n    tables\n    document\n  }\n": typeof types.TemplateCard_TemplateFragmentDoc,
    "\n  query Templates {\n    templates {\n      ...TemplateCard_template\n    }\n  }\n": typeof types.TemplatesDocument,
    "\n  query TemplatePreview($input: PreviewInput!) {\n    preview(input: $input) {\n      table\n      totalRows\n      columns {\n        name\n      }\n      rows\n    }\n  }\n": typeof types.TemplatePreviewDocument,
    "\n  fragment BlueprintEditor_blueprint on Blueprint {\n    id\n    name\n    revision\n    document\n    updatedAt\n    revisions(first: $firstRevisions) {\n      totalCount\n      edges {\n        node {\n          id\n          number\n          createdAt\n          author {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.BlueprintEditor_BlueprintFragmentDoc,
    "\n  query BlueprintEditor($id: ID!, $firstRevisions: Int!) {\n    blueprint(id: $id) {\n      ...BlueprintEditor_blueprint\n      project {\n        id\n        slug\n        name\n        myRole\n      }\n    }\n  }\n": typeof types.BlueprintEditorDocument,
    "\n  query BlueprintRevision($id: ID!, $number: Int!) {\n    blueprint(id: $id) {\n      id\n      revisionByNumber(number: $number) {\n        id\n        number\n        document\n        createdAt\n        author {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.BlueprintRevisionDocument,
    "\n  query ProjectApiKeys($id: ID!, $first: Int!) {\n    project(id: $id) {\n      id\n      apiKeys(first: $first) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            ...ApiKeyRow_apiKey\n          }\n        }\n      }\n    }\n  }\n": typeof types.ProjectApiKeysDocument,
    "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyRow_apiKey\n      }\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyRow_apiKey\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  query BlueprintDocument($id: ID!) {\n    blueprint(id: $id) {\n      id\n      name\n      document\n    }\n  }\n": typeof types.BlueprintDocumentDocument,
    "\n  mutation DeleteBlueprint($id: ID!) {\n    deleteBlueprint(id: $id)\n  }\n": typeof types.DeleteBlueprintDocument,
    "\n  mutation CancelRun($id: ID!) {\n    cancelRun(id: $id) {\n      ...RunDetails_run\n    }\n  }\n": typeof types.CancelRunDocument,
    "\n  mutation CreateBlueprint($input: CreateBlueprintInput!) {\n    createBlueprint(input: $input) {\n      id\n      name\n      description\n      revision\n      updatedAt\n    }\n  }\n": typeof types.CreateBlueprintDocument,
    "\n  mutation CreateProject($input: CreateProjectInput!) {\n    createProject(input: $input) {\n      ...ProjectListItem\n    }\n  }\n": typeof types.CreateProjectDocument,
    "\n  query GeneratorCatalog {\n    generators {\n      id\n      category\n      description\n      optionsSchema\n      outputType\n      examples\n    }\n  }\n": typeof types.GeneratorCatalogDocument,
    "\n  query ImportPreview($input: ImportPreviewInput!) {\n    importPreview(input: $input) {\n      document\n      report {\n        path\n        table\n        field\n        generator\n        confidence\n        reason\n        details\n        samples\n      }\n      skipped {\n        path\n        kind\n        name\n        reason\n      }\n    }\n  }\n": typeof types.ImportPreviewDocument,
    "\n  mutation ImportBlueprint($input: ImportBlueprintInput!) {\n    importBlueprint(input: $input) {\n      id\n      name\n      description\n      revision\n      updatedAt\n    }\n  }\n": typeof types.ImportBlueprintDocument,
    "\n  query Preview($input: PreviewInput!) {\n    preview(input: $input) {\n      table\n      totalRows\n      offset\n      columns {\n        name\n        type\n        nullable\n        unique\n      }\n      rows\n    }\n  }\n": typeof types.PreviewDocument,
    "\n  query SettingsPage($id: ID!, $firstMembers: Int!) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      members(first: $firstMembers) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            ...MemberRow_membership\n          }\n        }\n      }\n    }\n  }\n": typeof types.SettingsPageDocument,
    "\n  mutation AddMember($input: AddMemberInput!) {\n    addMember(input: $input) {\n      ...MemberRow_membership\n    }\n  }\n": typeof types.AddMemberDocument,
    "\n  mutation SetMemberRole($input: SetMemberRoleInput!) {\n    setMemberRole(input: $input) {\n      ...MemberRow_membership\n    }\n  }\n": typeof types.SetMemberRoleDocument,
    "\n  mutation RemoveMember($input: RemoveMemberInput!) {\n    removeMember(input: $input)\n  }\n": typeof types.RemoveMemberDocument,
    "\n  mutation RenameProject($input: UpdateProjectInput!) {\n    updateProject(input: $input) {\n      id\n      name\n      slug\n    }\n  }\n": typeof types.RenameProjectDocument,
    "\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n": typeof types.DeleteProjectDocument,
    "\n  query ProjectRef($id: ID!) {\n    project(id: $id) {\n      id\n      slug\n    }\n  }\n": typeof types.ProjectRefDocument,
    "\n  query ProjectRuns($id: ID!, $first: Int!, $after: String) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      runs(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          node {\n            ...RunsTable_run\n          }\n        }\n      }\n    }\n  }\n": typeof types.ProjectRunsDocument,
    "\n  subscription RunProgress($id: ID!) {\n    runProgress(id: $id) {\n      ...RunDetails_run\n    }\n  }\n": typeof types.RunProgressDocument,
    "\n  mutation UpdateBlueprint($input: UpdateBlueprintInput!, $firstRevisions: Int!) {\n    updateBlueprint(input: $input) {\n      ...BlueprintEditor_blueprint\n    }\n  }\n": typeof types.UpdateBlueprintDocument,
    "\n  fragment SessionUser on User {\n    id\n    name\n    email\n  }\n": typeof types.SessionUserFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      user {\n        ...SessionUser\n      }\n    }\n  }\n": typeof types.SignUpDocument,
    "\n  mutation LogIn($input: LogInInput!) {\n    logIn(input: $input) {\n      user {\n        ...SessionUser\n      }\n    }\n  }\n": typeof types.LogInDocument,
    "\n  mutation LogOut {\n    logOut\n  }\n": typeof types.LogOutDocument,
    "\n  mutation StartRun($input: StartRunInput!) {\n    startRun(input: $input) {\n      ...RunDetails_run\n      project {\n        id\n        name\n        myRole\n      }\n    }\n  }\n": typeof types.StartRunDocument,
    "\n  mutation TestDatabaseTarget($input: TestDatabaseTargetInput!) {\n    testDatabaseTarget(input: $input) {\n      reachable\n      code\n      message\n      elapsedMs\n    }\n  }\n": typeof types.TestDatabaseTargetDocument,
    "\n  query ImportPage($id: ID!) {\n    project(id: $id) {\n      id\n      slug\n      name\n      myRole\n    }\n  }\n": typeof types.ImportPageDocument,
    "\n  query ProjectPage($id: ID!, $first: Int!) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      createdAt\n      blueprints(first: $first) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            id\n            name\n            description\n            revision\n            updatedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.ProjectPageDocument,
    "\n  fragment ProjectListItem on Project {\n    id\n    name\n    slug\n    myRole\n    createdAt\n  }\n": typeof types.ProjectListItemFragmentDoc,
    "\n  query Projects($first: Int!) {\n    projects(first: $first) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        node {\n          ...ProjectListItem\n        }\n      }\n    }\n  }\n": typeof types.ProjectsDocument,
    "\n  query RunPage($id: ID!) {\n    run(id: $id) {\n      ...RunDetails_run\n      project {\n        id\n        name\n        slug\n        myRole\n      }\n    }\n  }\n": typeof types.RunPageDocument,
};
const documents: Documents = {
    "\n  query DocumentDownload($id: ID!) {\n    blueprint(id: $id) {\n      id\n      name\n      revision\n      document\n    }\n  }\n": types.DocumentDownloadDocument,
    "\n  query Locales {\n    locales\n  }\n": types.LocalesDocument,
    "\n  query MockPanel($id: ID!) {\n    blueprint(id: $id) {\n      id\n      revision\n      mockPath\n      mockExample\n      mockAnswers {\n        field\n        kind\n        answer\n        unbound\n      }\n      project {\n        id\n        mockOrigins\n      }\n    }\n  }\n": types.MockPanelDocument,
    "\n  mutation SetMockOrigins($input: SetMockOriginsInput!) {\n    setMockOrigins(input: $input) {\n      id\n      mockOrigins\n    }\n  }\n": types.SetMockOriginsDocument,
    "\n  fragment RunDetails_run on Run {\n    id\n    status\n    revision\n    seed\n    rowsDone\n    rowsTotal\n    attempts\n    queuePosition\n    error\n    createdAt\n    startedAt\n    finishedAt\n    expiresAt\n    requestedBy {\n      id\n      name\n    }\n    blueprint {\n      id\n      name\n    }\n    target {\n      kind\n      formats\n      dialect\n      gzip\n      host\n      database\n      truncate\n    }\n    artifacts {\n      name\n      table\n      format\n      size\n      sha256\n      url\n    }\n  }\n": types.RunDetails_RunFragmentDoc,
    "\n  fragment RunsTable_run on Run {\n    id\n    status\n    revision\n    rowsDone\n    rowsTotal\n    queuePosition\n    createdAt\n    blueprint {\n      id\n      name\n    }\n    target {\n      kind\n      formats\n      database\n    }\n  }\n": types.RunsTable_RunFragmentDoc,
    "\n  fragment ApiKeyRow_apiKey on ApiKey {\n    id\n    name\n    role\n    prefix\n    last4\n    status\n    createdAt\n    lastUsedAt\n    expiresAt\n    revokedAt\n    createdBy {\n      id\n      name\n    }\n  }\n": types.ApiKeyRow_ApiKeyFragmentDoc,
    "\n  fragment MemberRow_membership on Membership {\n    id\n    role\n    createdAt\n    user {\n      id\n      name\n      email\n    }\n  }\n": types.MemberRow_MembershipFragmentDoc,
    "\n  fragment TemplateCard_template on Template {\n    id\n    name\n    description\n    tables\n    document\n  }\n": types.TemplateCard_TemplateFragmentDoc,
    "\n  query Templates {\n    templates {\n      ...TemplateCard_template\n    }\n  }\n": types.TemplatesDocument,
    "\n  query TemplatePreview($input: PreviewInput!) {\n    preview(input: $input) {\n      table\n      totalRows\n      columns {\n        name\n      }\n      rows\n    }\n  }\n": types.TemplatePreviewDocument,
    "\n  fragment BlueprintEditor_blueprint on Blueprint {\n    id\n    name\n    revision\n    document\n    updatedAt\n    revisions(first: $firstRevisions) {\n      totalCount\n      edges {\n        node {\n          id\n          number\n          createdAt\n          author {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": types.BlueprintEditor_BlueprintFragmentDoc,
    "\n  query BlueprintEditor($id: ID!, $firstRevisions: Int!) {\n    blueprint(id: $id) {\n      ...BlueprintEditor_blueprint\n      project {\n        id\n        slug\n        name\n        myRole\n      }\n    }\n  }\n": types.BlueprintEditorDocument,
    "\n  query BlueprintRevision($id: ID!, $number: Int!) {\n    blueprint(id: $id) {\n      id\n      revisionByNumber(number: $number) {\n        id\n        number\n        document\n        createdAt\n        author {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.BlueprintRevisionDocument,
    "\n  query ProjectApiKeys($id: ID!, $first: Int!) {\n    project(id: $id) {\n      id\n      apiKeys(first: $first) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            ...ApiKeyRow_apiKey\n          }\n        }\n      }\n    }\n  }\n": types.ProjectApiKeysDocument,
    "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyRow_apiKey\n      }\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyRow_apiKey\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  query BlueprintDocument($id: ID!) {\n    blueprint(id: $id) {\n      id\n      name\n      document\n    }\n  }\n": types.BlueprintDocumentDocument,
    "\n  mutation DeleteBlueprint($id: ID!) {\n    deleteBlueprint(id: $id)\n  }\n": types.DeleteBlueprintDocument,
    "\n  mutation CancelRun($id: ID!) {\n    cancelRun(id: $id) {\n      ...RunDetails_run\n    }\n  }\n": types.CancelRunDocument,
    "\n  mutation CreateBlueprint($input: CreateBlueprintInput!) {\n    createBlueprint(input: $input) {\n      id\n      name\n      description\n      revision\n      updatedAt\n    }\n  }\n": types.CreateBlueprintDocument,
    "\n  mutation CreateProject($input: CreateProjectInput!) {\n    createProject(input: $input) {\n      ...ProjectListItem\n    }\n  }\n": types.CreateProjectDocument,
    "\n  query GeneratorCatalog {\n    generators {\n      id\n      category\n      description\n      optionsSchema\n      outputType\n      examples\n    }\n  }\n": types.GeneratorCatalogDocument,
    "\n  query ImportPreview($input: ImportPreviewInput!) {\n    importPreview(input: $input) {\n      document\n      report {\n        path\n        table\n        field\n        generator\n        confidence\n        reason\n        details\n        samples\n      }\n      skipped {\n        path\n        kind\n        name\n        reason\n      }\n    }\n  }\n": types.ImportPreviewDocument,
    "\n  mutation ImportBlueprint($input: ImportBlueprintInput!) {\n    importBlueprint(input: $input) {\n      id\n      name\n      description\n      revision\n      updatedAt\n    }\n  }\n": types.ImportBlueprintDocument,
    "\n  query Preview($input: PreviewInput!) {\n    preview(input: $input) {\n      table\n      totalRows\n      offset\n      columns {\n        name\n        type\n        nullable\n        unique\n      }\n      rows\n    }\n  }\n": types.PreviewDocument,
    "\n  query SettingsPage($id: ID!, $firstMembers: Int!) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      members(first: $firstMembers) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            ...MemberRow_membership\n          }\n        }\n      }\n    }\n  }\n": types.SettingsPageDocument,
    "\n  mutation AddMember($input: AddMemberInput!) {\n    addMember(input: $input) {\n      ...MemberRow_membership\n    }\n  }\n": types.AddMemberDocument,
    "\n  mutation SetMemberRole($input: SetMemberRoleInput!) {\n    setMemberRole(input: $input) {\n      ...MemberRow_membership\n    }\n  }\n": types.SetMemberRoleDocument,
    "\n  mutation RemoveMember($input: RemoveMemberInput!) {\n    removeMember(input: $input)\n  }\n": types.RemoveMemberDocument,
    "\n  mutation RenameProject($input: UpdateProjectInput!) {\n    updateProject(input: $input) {\n      id\n      name\n      slug\n    }\n  }\n": types.RenameProjectDocument,
    "\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n": types.DeleteProjectDocument,
    "\n  query ProjectRef($id: ID!) {\n    project(id: $id) {\n      id\n      slug\n    }\n  }\n": types.ProjectRefDocument,
    "\n  query ProjectRuns($id: ID!, $first: Int!, $after: String) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      runs(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          node {\n            ...RunsTable_run\n          }\n        }\n      }\n    }\n  }\n": types.ProjectRunsDocument,
    "\n  subscription RunProgress($id: ID!) {\n    runProgress(id: $id) {\n      ...RunDetails_run\n    }\n  }\n": types.RunProgressDocument,
    "\n  mutation UpdateBlueprint($input: UpdateBlueprintInput!, $firstRevisions: Int!) {\n    updateBlueprint(input: $input) {\n      ...BlueprintEditor_blueprint\n    }\n  }\n": types.UpdateBlueprintDocument,
    "\n  fragment SessionUser on User {\n    id\n    name\n    email\n  }\n": types.SessionUserFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n": types.MeDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      user {\n        ...SessionUser\n      }\n    }\n  }\n": types.SignUpDocument,
    "\n  mutation LogIn($input: LogInInput!) {\n    logIn(input: $input) {\n      user {\n        ...SessionUser\n      }\n    }\n  }\n": types.LogInDocument,
    "\n  mutation LogOut {\n    logOut\n  }\n": types.LogOutDocument,
    "\n  mutation StartRun($input: StartRunInput!) {\n    startRun(input: $input) {\n      ...RunDetails_run\n      project {\n        id\n        name\n        myRole\n      }\n    }\n  }\n": types.StartRunDocument,
    "\n  mutation TestDatabaseTarget($input: TestDatabaseTargetInput!) {\n    testDatabaseTarget(input: $input) {\n      reachable\n      code\n      message\n      elapsedMs\n    }\n  }\n": types.TestDatabaseTargetDocument,
    "\n  query ImportPage($id: ID!) {\n    project(id: $id) {\n      id\n      slug\n      name\n      myRole\n    }\n  }\n": types.ImportPageDocument,
    "\n  query ProjectPage($id: ID!, $first: Int!) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      createdAt\n      blueprints(first: $first) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            id\n            name\n            description\n            revision\n            updatedAt\n          }\n        }\n      }\n    }\n  }\n": types.ProjectPageDocument,
    "\n  fragment ProjectListItem on Project {\n    id\n    name\n    slug\n    myRole\n    createdAt\n  }\n": types.ProjectListItemFragmentDoc,
    "\n  query Projects($first: Int!) {\n    projects(first: $first) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        node {\n          ...ProjectListItem\n        }\n      }\n    }\n  }\n": types.ProjectsDocument,
    "\n  query RunPage($id: ID!) {\n    run(id: $id) {\n      ...RunDetails_run\n      project {\n        id\n        name\n        slug\n        myRole\n      }\n    }\n  }\n": types.RunPageDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDownload($id: ID!) {\n    blueprint(id: $id) {\n      id\n      name\n      revision\n      document\n    }\n  }\n"): (typeof documents)["\n  query DocumentDownload($id: ID!) {\n    blueprint(id: $id) {\n      id\n      name\n      revision\n      document\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Locales {\n    locales\n  }\n"): (typeof documents)["\n  query Locales {\n    locales\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MockPanel($id: ID!) {\n    blueprint(id: $id) {\n      id\n      revision\n      mockPath\n      mockExample\n      mockAnswers {\n        field\n        kind\n        answer\n        unbound\n      }\n      project {\n        id\n        mockOrigins\n      }\n    }\n  }\n"): (typeof documents)["\n  query MockPanel($id: ID!) {\n    blueprint(id: $id) {\n      id\n      revision\n      mockPath\n      mockExample\n      mockAnswers {\n        field\n        kind\n        answer\n        unbound\n      }\n      project {\n        id\n        mockOrigins\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMockOrigins($input: SetMockOriginsInput!) {\n    setMockOrigins(input: $input) {\n      id\n      mockOrigins\n    }\n  }\n"): (typeof documents)["\n  mutation SetMockOrigins($input: SetMockOriginsInput!) {\n    setMockOrigins(input: $input) {\n      id\n      mockOrigins\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RunDetails_run on Run {\n    id\n    status\n    revision\n    seed\n    rowsDone\n    rowsTotal\n    attempts\n    queuePosition\n    error\n    createdAt\n    startedAt\n    finishedAt\n    expiresAt\n    requestedBy {\n      id\n      name\n    }\n    blueprint {\n      id\n      name\n    }\n    target {\n      kind\n      formats\n      dialect\n      gzip\n      host\n      database\n      truncate\n    }\n    artifacts {\n      name\n      table\n      format\n      size\n      sha256\n      url\n    }\n  }\n"): (typeof documents)["\n  fragment RunDetails_run on Run {\n    id\n    status\n    revision\n    seed\n    rowsDone\n    rowsTotal\n    attempts\n    queuePosition\n    error\n    createdAt\n    startedAt\n    finishedAt\n    expiresAt\n    requestedBy {\n      id\n      name\n    }\n    blueprint {\n      id\n      name\n    }\n    target {\n      kind\n      formats\n      dialect\n      gzip\n      host\n      database\n      truncate\n    }\n    artifacts {\n      name\n      table\n      format\n      size\n      sha256\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RunsTable_run on Run {\n    id\n    status\n    revision\n    rowsDone\n    rowsTotal\n    queuePosition\n    createdAt\n    blueprint {\n      id\n      name\n    }\n    target {\n      kind\n      formats\n      database\n    }\n  }\n"): (typeof documents)["\n  fragment RunsTable_run on Run {\n    id\n    status\n    revision\n    rowsDone\n    rowsTotal\n    queuePosition\n    createdAt\n    blueprint {\n      id\n      name\n    }\n    target {\n      kind\n      formats\n      database\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiKeyRow_apiKey on ApiKey {\n    id\n    name\n    role\n    prefix\n    last4\n    status\n    createdAt\n    lastUsedAt\n    expiresAt\n    revokedAt\n    createdBy {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment ApiKeyRow_apiKey on ApiKey {\n    id\n    name\n    role\n    prefix\n    last4\n    status\n    createdAt\n    lastUsedAt\n    expiresAt\n    revokedAt\n    createdBy {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MemberRow_membership on Membership {\n    id\n    role\n    createdAt\n    user {\n      id\n      name\n      email\n    }\n  }\n"): (typeof documents)["\n  fragment MemberRow_membership on Membership {\n    id\n    role\n    createdAt\n    user {\n      id\n      name\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TemplateCard_template on Template {\n    id\n    name\n    description\n    tables\n    document\n  }\n"): (typeof documents)["\n  fragment TemplateCard_template on Template {\n    id\n    name\n    description\n    tables\n    document\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Templates {\n    templates {\n      ...TemplateCard_template\n    }\n  }\n"): (typeof documents)["\n  query Templates {\n    templates {\n      ...TemplateCard_template\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TemplatePreview($input: PreviewInput!) {\n    preview(input: $input) {\n      table\n      totalRows\n      columns {\n        name\n      }\n      rows\n    }\n  }\n"): (typeof documents)["\n  query TemplatePreview($input: PreviewInput!) {\n    preview(input: $input) {\n      table\n      totalRows\n      columns {\n        name\n      }\n      rows\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BlueprintEditor_blueprint on Blueprint {\n    id\n    name\n    revision\n    document\n    updatedAt\n    revisions(first: $firstRevisions) {\n      totalCount\n      edges {\n        node {\n          id\n          number\n          createdAt\n          author {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment BlueprintEditor_blueprint on Blueprint {\n    id\n    name\n    revision\n    document\n    updatedAt\n    revisions(first: $firstRevisions) {\n      totalCount\n      edges {\n        node {\n          id\n          number\n          createdAt\n          author {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BlueprintEditor($id: ID!, $firstRevisions: Int!) {\n    blueprint(id: $id) {\n      ...BlueprintEditor_blueprint\n      project {\n        id\n        slug\n        name\n        myRole\n      }\n    }\n  }\n"): (typeof documents)["\n  query BlueprintEditor($id: ID!, $firstRevisions: Int!) {\n    blueprint(id: $id) {\n      ...BlueprintEditor_blueprint\n      project {\n        id\n        slug\n        name\n        myRole\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BlueprintRevision($id: ID!, $number: Int!) {\n    blueprint(id: $id) {\n      id\n      revisionByNumber(number: $number) {\n        id\n        number\n        document\n        createdAt\n        author {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query BlueprintRevision($id: ID!, $number: Int!) {\n    blueprint(id: $id) {\n      id\n      revisionByNumber(number: $number) {\n        id\n        number\n        document\n        createdAt\n        author {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectApiKeys($id: ID!, $first: Int!) {\n    project(id: $id) {\n      id\n      apiKeys(first: $first) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            ...ApiKeyRow_apiKey\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProjectApiKeys($id: ID!, $first: Int!) {\n    project(id: $id) {\n      id\n      apiKeys(first: $first) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            ...ApiKeyRow_apiKey\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyRow_apiKey\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyRow_apiKey\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyRow_apiKey\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyRow_apiKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BlueprintDocument($id: ID!) {\n    blueprint(id: $id) {\n      id\n      name\n      document\n    }\n  }\n"): (typeof documents)["\n  query BlueprintDocument($id: ID!) {\n    blueprint(id: $id) {\n      id\n      name\n      document\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteBlueprint($id: ID!) {\n    deleteBlueprint(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteBlueprint($id: ID!) {\n    deleteBlueprint(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelRun($id: ID!) {\n    cancelRun(id: $id) {\n      ...RunDetails_run\n    }\n  }\n"): (typeof documents)["\n  mutation CancelRun($id: ID!) {\n    cancelRun(id: $id) {\n      ...RunDetails_run\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBlueprint($input: CreateBlueprintInput!) {\n    createBlueprint(input: $input) {\n      id\n      name\n      description\n      revision\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBlueprint($input: CreateBlueprintInput!) {\n    createBlueprint(input: $input) {\n      id\n      name\n      description\n      revision\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProject($input: CreateProjectInput!) {\n    createProject(input: $input) {\n      ...ProjectListItem\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProject($input: CreateProjectInput!) {\n    createProject(input: $input) {\n      ...ProjectListItem\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GeneratorCatalog {\n    generators {\n      id\n      category\n      description\n      optionsSchema\n      outputType\n      examples\n    }\n  }\n"): (typeof documents)["\n  query GeneratorCatalog {\n    generators {\n      id\n      category\n      description\n      optionsSchema\n      outputType\n      examples\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportPreview($input: ImportPreviewInput!) {\n    importPreview(input: $input) {\n      document\n      report {\n        path\n        table\n        field\n        generator\n        confidence\n        reason\n        details\n        samples\n      }\n      skipped {\n        path\n        kind\n        name\n        reason\n      }\n    }\n  }\n"): (typeof documents)["\n  query ImportPreview($input: ImportPreviewInput!) {\n    importPreview(input: $input) {\n      document\n      report {\n        path\n        table\n        field\n        generator\n        confidence\n        reason\n        details\n        samples\n      }\n      skipped {\n        path\n        kind\n        name\n        reason\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportBlueprint($input: ImportBlueprintInput!) {\n    importBlueprint(input: $input) {\n      id\n      name\n      description\n      revision\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation ImportBlueprint($input: ImportBlueprintInput!) {\n    importBlueprint(input: $input) {\n      id\n      name\n      description\n      revision\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Preview($input: PreviewInput!) {\n    preview(input: $input) {\n      table\n      totalRows\n      offset\n      columns {\n        name\n        type\n        nullable\n        unique\n      }\n      rows\n    }\n  }\n"): (typeof documents)["\n  query Preview($input: PreviewInput!) {\n    preview(input: $input) {\n      table\n      totalRows\n      offset\n      columns {\n        name\n        type\n        nullable\n        unique\n      }\n      rows\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SettingsPage($id: ID!, $firstMembers: Int!) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      members(first: $firstMembers) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            ...MemberRow_membership\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SettingsPage($id: ID!, $firstMembers: Int!) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      members(first: $firstMembers) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            ...MemberRow_membership\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddMember($input: AddMemberInput!) {\n    addMember(input: $input) {\n      ...MemberRow_membership\n    }\n  }\n"): (typeof documents)["\n  mutation AddMember($input: AddMemberInput!) {\n    addMember(input: $input) {\n      ...MemberRow_membership\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMemberRole($input: SetMemberRoleInput!) {\n    setMemberRole(input: $input) {\n      ...MemberRow_membership\n    }\n  }\n"): (typeof documents)["\n  mutation SetMemberRole($input: SetMemberRoleInput!) {\n    setMemberRole(input: $input) {\n      ...MemberRow_membership\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveMember($input: RemoveMemberInput!) {\n    removeMember(input: $input)\n  }\n"): (typeof documents)["\n  mutation RemoveMember($input: RemoveMemberInput!) {\n    removeMember(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameProject($input: UpdateProjectInput!) {\n    updateProject(input: $input) {\n      id\n      name\n      slug\n    }\n  }\n"): (typeof documents)["\n  mutation RenameProject($input: UpdateProjectInput!) {\n    updateProject(input: $input) {\n      id\n      name\n      slug\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectRef($id: ID!) {\n    project(id: $id) {\n      id\n      slug\n    }\n  }\n"): (typeof documents)["\n  query ProjectRef($id: ID!) {\n    project(id: $id) {\n      id\n      slug\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectRuns($id: ID!, $first: Int!, $after: String) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      runs(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          node {\n            ...RunsTable_run\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProjectRuns($id: ID!, $first: Int!, $after: String) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      runs(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          node {\n            ...RunsTable_run\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RunProgress($id: ID!) {\n    runProgress(id: $id) {\n      ...RunDetails_run\n    }\n  }\n"): (typeof documents)["\n  subscription RunProgress($id: ID!) {\n    runProgress(id: $id) {\n      ...RunDetails_run\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBlueprint($input: UpdateBlueprintInput!, $firstRevisions: Int!) {\n    updateBlueprint(input: $input) {\n      ...BlueprintEditor_blueprint\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateBlueprint($input: UpdateBlueprintInput!, $firstRevisions: Int!) {\n    updateBlueprint(input: $input) {\n      ...BlueprintEditor_blueprint\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SessionUser on User {\n    id\n    name\n    email\n  }\n"): (typeof documents)["\n  fragment SessionUser on User {\n    id\n    name\n    email\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...SessionUser\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      user {\n        ...SessionUser\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      user {\n        ...SessionUser\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogIn($input: LogInInput!) {\n    logIn(input: $input) {\n      user {\n        ...SessionUser\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation LogIn($input: LogInInput!) {\n    logIn(input: $input) {\n      user {\n        ...SessionUser\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogOut {\n    logOut\n  }\n"): (typeof documents)["\n  mutation LogOut {\n    logOut\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartRun($input: StartRunInput!) {\n    startRun(input: $input) {\n      ...RunDetails_run\n      project {\n        id\n        name\n        myRole\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StartRun($input: StartRunInput!) {\n    startRun(input: $input) {\n      ...RunDetails_run\n      project {\n        id\n        name\n        myRole\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestDatabaseTarget($input: TestDatabaseTargetInput!) {\n    testDatabaseTarget(input: $input) {\n      reachable\n      code\n      message\n      elapsedMs\n    }\n  }\n"): (typeof documents)["\n  mutation TestDatabaseTarget($input: TestDatabaseTargetInput!) {\n    testDatabaseTarget(input: $input) {\n      reachable\n      code\n      message\n      elapsedMs\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportPage($id: ID!) {\n    project(id: $id) {\n      id\n      slug\n      name\n      myRole\n    }\n  }\n"): (typeof documents)["\n  query ImportPage($id: ID!) {\n    project(id: $id) {\n      id\n      slug\n      name\n      myRole\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectPage($id: ID!, $first: Int!) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      createdAt\n      blueprints(first: $first) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            id\n            name\n            description\n            revision\n            updatedAt\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProjectPage($id: ID!, $first: Int!) {\n    project(id: $id) {\n      id\n      name\n      slug\n      myRole\n      createdAt\n      blueprints(first: $first) {\n        totalCount\n        pageInfo {\n          hasNextPage\n        }\n        edges {\n          node {\n            id\n            name\n            description\n            revision\n            updatedAt\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProjectListItem on Project {\n    id\n    name\n    slug\n    myRole\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ProjectListItem on Project {\n    id\n    name\n    slug\n    myRole\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Projects($first: Int!) {\n    projects(first: $first) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        node {\n          ...ProjectListItem\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Projects($first: Int!) {\n    projects(first: $first) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        node {\n          ...ProjectListItem\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RunPage($id: ID!) {\n    run(id: $id) {\n      ...RunDetails_run\n      project {\n        id\n        name\n        slug\n        myRole\n      }\n    }\n  }\n"): (typeof documents)["\n  query RunPage($id: ID!) {\n    run(id: $id) {\n      ...RunDetails_run\n      project {\n        id\n        name\n        slug\n        myRole\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;
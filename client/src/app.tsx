import { Route, Routes } from 'react-router';
import { AppLayout } from './components/app-layout';
import { RedirectIfSignedIn, RequireSession } from './components/require-session';
import { BlueprintEditorPage } from './pages/blueprint-editor-page';
import { ImportPage } from './pages/import-page';
import { LogInPage } from './pages/log-in-page';
import { NotFound } from './pages/not-found-page';
import { ProjectPage } from './pages/project-page';
import { ProjectsPage } from './pages/projects-page';
import { RunPage } from './pages/run-page';
import { RunsPage } from './pages/runs-page';
import { SettingsPage } from './pages/settings-page';
import { SignUpPage } from './pages/sign-up-page';

export function App() {
  return (
    <Routes>
      <Route
        path="/signup"
        element={
          <RedirectIfSignedIn>
            <SignUpPage />
          </RedirectIfSignedIn>
        }
      />
      <Route
        path="/login"
        element={
          <RedirectIfSignedIn>
            <LogInPage />
          </RedirectIfSignedIn>
        }
      />
      <Route
        element={
          <RequireSession>
            <AppLayout />
          </RequireSession>
        }
      >
        <Route index element={<ProjectsPage />} />
        <Route path="p/:project" element={<ProjectPage />} />
        <Route path="p/:project/blueprints/:id" element={<BlueprintEditorPage />} />
        <Route path="p/:project/import" element={<ImportPage />} />
        <Route path="p/:project/runs" element={<RunsPage />} />
        <Route path="p/:project/runs/:id" element={<RunPage />} />
        <Route path="p/:project/settings" element={<SettingsPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

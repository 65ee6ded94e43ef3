import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './components/app-layout';
import { RedirectIfSignedIn, RequireSession } from './components/require-session';
import { Loading } from './components/status';
import { LogInPage } from './pages/log-in-page';
import { NotFound } from './pages/not-found-page';
import { ProjectsPage } from './pages/projects-page';
import { SignUpPage } from './pages/sign-up-page';

/**
 * The larger screens load as chunks of their own: a first visit parses only
 * the screen it opens (the editor alone was most of a 745 KB bundle), and the
 * rest are fetched while the browser is idle, so moving on stays instant.
 */
const screens = {
  editor: () => import('./pages/blueprint-editor-page'),
  import: () => import('./pages/import-page'),
  project: () => import('./pages/project-page'),
  run: () => import('./pages/run-page'),
  runs: () => import('./pages/runs-page'),
  settings: () => import('./pages/settings-page'),
};
const BlueprintEditorPage = lazy(() => screens.editor().then((m) => ({ default: m.BlueprintEditorPage })));
const ImportPage = lazy(() => screens.import().then((m) => ({ default: m.ImportPage })));
const ProjectPage = lazy(() => screens.project().then((m) => ({ default: m.ProjectPage })));
const RunPage = lazy(() => screens.run().then((m) => ({ default: m.RunPage })));
const RunsPage = lazy(() => screens.runs().then((m) => ({ default: m.RunsPage })));
const SettingsPage = lazy(() => screens.settings().then((m) => ({ default: m.SettingsPage })));

/** Once the first screen has had its time (compiling them all at once slowed it by a third), the others load, one at a time. */
const PREFETCH_AFTER_MS = 2500;

function usePrefetchScreens() {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void Object.values(screens).reduce((done, load) => done.then(() => load().then(() => undefined, () => undefined)), Promise.resolve());
    }, PREFETCH_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
}

export function App() {
  usePrefetchScreens();
  return (
    <Suspense fallback={<Loading label="Loading" />}>
      <AppRoutes />
    </Suspense>
  );
}

function AppRoutes() {
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

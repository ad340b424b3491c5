import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Outlet, redirect, RouterProvider, useLocation, type LoaderFunction } from 'react-router';
import { guardDeps, session } from './account/app-session';
import { guard, LOGIN_PATH, mapOverviewPath, resolveRoot, type Access } from './account/guard';
import { hasRole } from './account/roles';
import { editorMaps, publicMaps } from './api/prefetch';
import { AuthenticatedLayout } from './layout/AuthenticatedLayout';
import { DocumentTitle } from './layout/documentTitle';
import { LargeScreenGate } from './layout/LargeScreenGate';
import { needsLargeScreen } from './layout/screen';
import { ToastViewport } from './layout/Toasts';
import type { TitleHandle } from './layout/useDocumentTitle';
import { ScrollToTop } from './layout/ScrollToTop';
import { ErrorScreen, LoadingScreen } from './layout/StatusScreen';

// Each screen is its own chunk, loaded when first visited.
const LoginScreen = lazy(() => import('./account/screens/LoginScreen'));
const ResetPasswordScreen = lazy(() => import('./account/screens/ResetPasswordScreen'));
const VerifyEmailScreen = lazy(() => import('./account/screens/VerifyEmailScreen'));
const RegisterScreen = lazy(() => import('./account/screens/RegisterScreen'));
const DeclineScreen = lazy(() => import('./account/screens/DeclineScreen'));
const ClientsScreen = lazy(() => import('./account/screens/ClientsScreen'));
const MapOverviewScreen = lazy(() => import('./account/screens/MapOverviewScreen'));
const ClientSettingsScreen = lazy(() => import('./account/screens/ClientSettingsScreen'));
const UserSettingsScreen = lazy(() => import('./account/screens/UserSettingsScreen'));
const EditorScreen = lazy(() => import('./editor/EditorScreen'));
const PreviewScreen = lazy(() => import('./viewer/PreviewScreen'));
const PublicMapScreen = lazy(() => import('./viewer/PublicMapScreen'));
const NotFoundScreen = lazy(() => import('./account/screens/NotFoundScreen'));

function screen(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Component />
    </Suspense>
  );
}

function guarded(access: Access, after?: LoaderFunction): LoaderFunction {
  return async (args) => {
    const decision = await guard(access, guardDeps);
    if (decision.kind === 'redirect') return redirect(decision.to);
    return after ? after(args) : null;
  };
}

const authenticated: Access = { kind: 'authenticated' };

function RootLayout() {
  const { pathname } = useLocation();
  return (
    <LargeScreenGate narrowAllowed={!needsLargeScreen(pathname)}>
      <DocumentTitle>
        <ScrollToTop />
        <Outlet />
      </DocumentTitle>
      <ToastViewport />
    </LargeScreenGate>
  );
}

/** The route's handle naming its screen in the page title (pageTitle.* in the catalogs). */
const titled = (key: string): { handle: TitleHandle } => ({ handle: { title: `pageTitle.${key}` } });

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, loader: async () => redirect(await resolveRoot(guardDeps)) },
      { path: 'login', element: screen(LoginScreen), ...titled('login') },
      { path: 'reset-password', element: screen(ResetPasswordScreen), ...titled('resetPassword') },
      { path: 'verify-email', element: screen(VerifyEmailScreen), ...titled('verifyEmail') },
      { path: 'register', element: screen(RegisterScreen), ...titled('register') },
      { path: 'decline', element: screen(DeclineScreen), ...titled('decline') },
      {
        element: <AuthenticatedLayout />,
        children: [
          { path: 'clients', loader: guarded({ kind: 'clientsOverview' }), element: screen(ClientsScreen), ...titled('clients') },
          {
            path: 'clients/:clientName',
            loader: guarded(authenticated, ({ params }) => {
              if (params.clientName) session.selectClient(params.clientName);
              return null;
            }),
            element: screen(MapOverviewScreen),
            ...titled('mapOverview'),
          },
          {
            // Client settings are an admin's; others go back to the map overview, where the
            // settings button tells them that admin permission is needed.
            path: 'clients/:clientName/settings',
            loader: guarded(authenticated, ({ params }) => {
              if (!params.clientName) return redirect(LOGIN_PATH);
              session.selectClient(params.clientName);
              return hasRole(session.get().role, 'admin') ? null : redirect(mapOverviewPath(params.clientName));
            }),
            element: screen(ClientSettingsScreen),
            ...titled('clientSettings'),
          },
          { path: 'settings', loader: guarded(authenticated), element: screen(UserSettingsScreen), ...titled('userSettings') },
          {
            path: 'editor/:mapId',
            // The document is asked for while the editor's code loads (and React reveals it). The
            // editor needs a student, or a guest an admin raised to edit this map: EditorScreen
            // sends any other guest to the overview once it knows the map's access.
            loader: guarded(authenticated, ({ params }) => {
              const id = Number(params.mapId);
              if (Number.isInteger(id) && id > 0) editorMaps.start(id);
              return null;
            }),
            element: screen(EditorScreen),
            ...titled('editor'),
          },
        ],
      },
      // The working copy as readers will see it: the viewer, full screen.
      { path: 'preview/:mapId', loader: guarded(authenticated), element: screen(PreviewScreen), ...titled('preview') },
      // A published map at its public address: no sign-in needed where its access mode allows.
      {
        path: 'm/:url',
        loader: ({ params }) => {
          if (params.url) publicMaps.start(params.url);
          return null;
        },
        element: screen(PublicMapScreen),
        ...titled('publicMap'),
      },
      // An unknown address says so (signed in or not) rather than sending to the login.
      { path: '*', element: screen(NotFoundScreen), ...titled('notFound') },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

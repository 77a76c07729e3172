import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import useMediaQuery from '@mui/material/useMediaQuery';
import { api, useGetMeQuery } from '../../store/api';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  desktopDrawerToggled,
  mobileDrawerClosed,
  mobileDrawerToggled,
  selectDesktopDrawerOpen,
  selectMobileDrawerOpen,
} from '../../slices/drawerSlice';
import { selectSessionEnded } from '../../slices/sessionSlice';
import { DESKTOP_MEDIA_QUERY, SIDEBAR_WIDTH_CLOSED, SIDEBAR_WIDTH_OPEN } from '../../theme';
import { sidebarFlags } from '../../../contract/navigation';
import { useReleaseStaticShell } from '../../lib/staticShell';
import { AppFrame } from './AppFrame';
import { DockedSidebar } from './DockedSidebar';
import { MountWhenOpened } from '../MountWhenOpened';
import { PageLoader } from '../PageLoader';
import { WidgetBoundary } from '../WidgetBoundary';
import { SidebarContent } from './SidebarContent';
import { TopBar } from './TopBar';
import { Toaster } from './Toaster';

// The phone's overlay drawer (Drawer, Modal, Slide, focus trap) is downloaded the first time the menu opens: most
// visits never open it, and every first screen would otherwise wait for it (docs/performance.md, Bundle budget).
const MobileNavDrawer = lazy(() => import(/* webpackChunkName: "mobile-nav" */ './MobileNavDrawer'));

/**
 * docs/rules.md#sessions-and-sign-in: a session error anywhere sends the user to /login — once, with the cache cleared.
 */
function useLeaveWhenSessionEnds() {
  const ended = useAppSelector(selectSessionEnded);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (!ended) return;
    dispatch(api.util.resetApiState());
    navigate('/login', { replace: true });
  }, [ended, dispatch, navigate]);
}

export function AppLayout() {
  const dispatch = useAppDispatch();
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY, { noSsr: true });
  const desktopOpen = useAppSelector(selectDesktopDrawerOpen);
  const mobileOpen = useAppSelector(selectMobileDrawerOpen);
  const { data: user } = useGetMeQuery();
  const location = useLocation();
  useLeaveWhenSessionEnds();
  useReleaseStaticShell();

  const sidebarWidth = desktopOpen ? SIDEBAR_WIDTH_OPEN : SIDEBAR_WIDTH_CLOSED;
  const { isAdmin, isOwner, adminFirst } = sidebarFlags(user);
  const toggleDrawer = () => dispatch(isDesktop ? desktopDrawerToggled() : mobileDrawerToggled());

  return (
    <AppFrame
      sidebar={
        isDesktop ? (
          <DockedSidebar width={sidebarWidth}>
            <SidebarContent
              compact={!desktopOpen}
              isAdmin={isAdmin}
              isOwner={isOwner}
              dense={isAdmin}
              adminFirst={adminFirst}
            />
          </DockedSidebar>
        ) : (
          <MountWhenOpened open={mobileOpen}>
            <MobileNavDrawer open={mobileOpen} onClose={() => dispatch(mobileDrawerClosed())}>
              <SidebarContent
                compact={false}
                isAdmin={isAdmin}
                isOwner={isOwner}
                adminFirst={adminFirst}
                onNavigate={() => dispatch(mobileDrawerClosed())}
              />
            </MobileNavDrawer>
          </MountWhenOpened>
        )
      }
      topBar={<TopBar user={user} isDesktop={isDesktop} desktopOpen={desktopOpen} onToggleDrawer={toggleDrawer} />}
      after={<Toaster />}
    >
      {/* A page that fails to render keeps the menu around it; a new path starts with a fresh boundary. */}
      <WidgetBoundary key={location.pathname} name="This page">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </WidgetBoundary>
    </AppFrame>
  );
}

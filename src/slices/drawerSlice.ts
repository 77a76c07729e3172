import { createSlice } from '@reduxjs/toolkit';

// The sidebar has two independent states: collapsed or not on desktop (open by default), and the overlay drawer
// on phones under 768px (closed by default). See docs/rules.md#layout-and-timings.
interface DrawerState {
  desktopOpen: boolean;
  mobileOpen: boolean;
}

const initialState: DrawerState = { desktopOpen: true, mobileOpen: false };

export const drawerSlice = createSlice({
  name: 'drawer',
  initialState,
  reducers: {
    desktopDrawerToggled(state) {
      state.desktopOpen = !state.desktopOpen;
    },
    mobileDrawerToggled(state) {
      state.mobileOpen = !state.mobileOpen;
    },
    mobileDrawerClosed(state) {
      state.mobileOpen = false;
    },
  },
  selectors: {
    selectDesktopDrawerOpen: (state) => state.desktopOpen,
    selectMobileDrawerOpen: (state) => state.mobileOpen,
  },
});

export const { desktopDrawerToggled, mobileDrawerToggled, mobileDrawerClosed } = drawerSlice.actions;
export const { selectDesktopDrawerOpen, selectMobileDrawerOpen } = drawerSlice.selectors;

import { createSlice } from '@reduxjs/toolkit';

// Set when a call fails with a session error (docs/rules.md#sessions-and-sign-in). The guarded layout then sends the
// user to /login once, and the login loader stops auto-redirecting to /dashboard so a half-valid session cannot bounce
// between the two.
interface SessionState {
  ended: boolean;
}

const initialState: SessionState = { ended: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionEnded(state) {
      state.ended = true;
    },
  },
  selectors: {
    selectSessionEnded: (state) => state.ended,
  },
});

export const { sessionEnded } = sessionSlice.actions;
export const { selectSessionEnded } = sessionSlice.selectors;

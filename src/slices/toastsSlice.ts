import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** A toast lasts 3000 ms (docs/rules.md#layout-and-timings). */
export const TOAST_DURATION_MS = 3000;

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: string;
  message: string;
  severity: ToastSeverity;
}

// A queue: the first toast shows; when it expires or is dismissed the next one takes its place.
interface ToastsState {
  queue: Toast[];
}

const initialState: ToastsState = { queue: [] };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.queue.push(action.payload);
      },
      prepare(message: string, severity: ToastSeverity = 'success') {
        return { payload: { id: nanoid(), message, severity } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectCurrentToast: (state) => state.queue[0],
    selectToastCount: (state) => state.queue.length,
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;
export const { selectCurrentToast, selectToastCount } = toastsSlice.selectors;

import { lazy, useCallback, useRef, useState } from 'react';
import { MountWhenOpened } from './MountWhenOpened';
import type { ConfirmOptions } from './ConfirmDialogView';

// Loaded on the first confirmation, so pages that only might ask do not download the dialog code up front.
const ConfirmDialogView = lazy(() => import(/* webpackChunkName: "dialog-confirm" */ './ConfirmDialogView'));

/**
 * An accessible replacement for window.confirm: `const { confirm, dialog } = useConfirm()`, render `dialog`, and
 * `if (await confirm({ message })) …`. Focus returns to the opener when it closes (MUI Dialog).
 */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<(answer: boolean) => void>(undefined);

  const confirm = useCallback((next: ConfirmOptions) => {
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = undefined;
    setOptions(null);
  };

  const dialog = (
    <MountWhenOpened open={options !== null}>
      <ConfirmDialogView options={options} onAnswer={answer} />
    </MountWhenOpened>
  );

  return { confirm, dialog };
}

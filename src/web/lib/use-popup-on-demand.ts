import { useState } from 'react';

/**
 * The header's bell and account button: a plain button until their popup's code (Radix) has loaded, then
 * the popup's own trigger in its place (docs/decisions/022-first-visit-javascript.md). That swap makes a new
 * element, so it never happens under focus: the code loads when the pointer or focus comes near, and the
 * popup's trigger takes over once the plain button has no focus, or at once when it is pressed (focus then
 * moves into the popup, and back to the trigger when it closes).
 */
export function usePopupOnDemand(
  load: () => Promise<unknown>,
  loadedAlready: () => boolean,
  /** The plain button was pressed (a controlled popup opens itself). */
  onPress?: () => void,
) {
  const [loaded, setLoaded] = useState(loadedAlready);
  const [focused, setFocused] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const prepare = () => void load().then(() => setLoaded(true));
  return {
    /** Render the popup (with its own trigger) now. */
    ready: loaded && (!focused || openAtOnce),
    /** The plain button was pressed: the popup opens as it renders. */
    openAtOnce,
    /** For the plain button. */
    triggerProps: {
      'aria-expanded': false,
      onPointerEnter: prepare,
      onFocus: () => {
        setFocused(true);
        prepare();
      },
      onBlur: () => setFocused(false),
      onClick: () => {
        setOpenAtOnce(true);
        onPress?.();
        prepare();
      },
    },
  };
}

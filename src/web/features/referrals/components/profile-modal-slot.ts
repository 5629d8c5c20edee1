import type { ReactNode } from 'react';

/** The profile modal, composed in by the router (features do not import each other). */
export type RenderProfileModal = (props: {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => ReactNode;

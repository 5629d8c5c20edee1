import { lazy, Suspense } from 'react';
import { usePopupOnDemand } from '@/lib/use-popup-on-demand';
import type { AccountMenuProps } from './account-menu';
import { AccountTrigger } from './account-trigger';

let menuLoaded = false;
const loadMenu = () =>
  import('./account-menu').then((m) => {
    menuLoaded = true;
    return m;
  });
const AccountMenu = lazy(() => loadMenu().then((m) => ({ default: m.AccountMenu })));

/**
 * The header's account button. The menu (Radix) loads when the pointer or focus first comes near it, so a
 * signed-in page's first load does not carry it; its trigger replaces this button only when that cannot
 * take the focus away (use-popup-on-demand.ts).
 */
export function AccountButton(props: Omit<AccountMenuProps, 'defaultOpen'>) {
  const { ready, openAtOnce, triggerProps } = usePopupOnDemand(loadMenu, () => menuLoaded);
  const trigger = <AccountTrigger user={props.user} aria-haspopup="menu" {...triggerProps} />;
  if (!ready) return trigger;
  return (
    <Suspense fallback={trigger}>
      <AccountMenu {...props} defaultOpen={openAtOnce} />
    </Suspense>
  );
}

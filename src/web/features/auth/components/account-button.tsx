import { lazy, Suspense, useState } from 'react';
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
 * The header's account button. The menu (Radix) loads when the pointer or focus first comes near it and
 * opens once loaded, so a signed-in page's first load does not carry it.
 */
export function AccountButton(props: Omit<AccountMenuProps, 'defaultOpen'>) {
  // Once the menu's code is here (an earlier page used it), the button is the whole Radix menu at once.
  const [ready, setReady] = useState(menuLoaded);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const prepare = () => void loadMenu().then(() => setReady(true));
  const trigger = (
    <AccountTrigger
      user={props.user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prepare}
      onFocus={prepare}
      onClick={() => {
        setOpenAtOnce(true);
        prepare();
      }}
    />
  );
  if (!ready) return trigger;
  return (
    <Suspense fallback={trigger}>
      <AccountMenu {...props} defaultOpen={openAtOnce} />
    </Suspense>
  );
}

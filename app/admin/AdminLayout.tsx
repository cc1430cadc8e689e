import {
  ArrowLeft,
  Contact,
  FileSpreadsheet,
  Landmark,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Menu,
  MessageSquare,
  Package,
  Settings,
  Shield,
  ShoppingCart,
  Users,
  WifiOff,
  X,
} from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';

import { useOnline } from '#app/lib/use-online.ts';
import { type PanelRole, usesPanel } from '#domains/account/model.ts';
import { useAdminLogout } from '#domains/account/ui/admin/use-admin-logout.ts';
import { signedInUser, useAuthStatus } from '#domains/account/ui/use-auth.ts';
import { AlertSettings } from '#domains/order-file/ui/AlertSettings.tsx';
import { useNewEnquiryAlerts } from '#domains/order-file/ui/new-enquiry-alerts.ts';
import { useShop } from '#domains/settings/ui/shop.ts';
import { formatCount } from '#lib/money.ts';

import { useDashboard } from './admin-api.ts';
import { shortTime } from './format.ts';

interface AdminLink {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /** Shown to administrators only (the staff role cannot use it). */
  adminOnly?: boolean;
}

/** The sidebar's sections, in order, and the accounts page after them. */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingCart },
  { to: '/admin/customers', label: 'Customers', icon: Contact },
  { to: '/admin/contacts', label: 'Contacts', icon: MessageSquare },
  { to: '/admin/bank', label: 'Bank', icon: Landmark },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/security', label: 'Security', icon: Shield },
  { to: '/admin/staff', label: 'Staff', icon: Users, adminOnly: true },
  { to: '/admin/reports', label: 'Reports', icon: FileSpreadsheet, adminOnly: true },
  { to: '/admin/settings', label: 'Settings', icon: Settings, adminOnly: true },
];

/** The sections a role sees: the panel hides what the server would refuse it. */
export const linksFor = (role: PanelRole) => ADMIN_LINKS.filter((link) => !link.adminOnly || role === 'admin');

const item = 'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium';
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${item} ${isActive ? 'bg-leaf-700 text-white' : 'text-stone-700 hover:bg-leaf-50 hover:text-leaf-900'}`;

/** The section the address is in: the longest link that starts it. */
function currentSection(pathname: string, links: readonly AdminLink[]): AdminLink | undefined {
  return links
    .filter((link) => (link.end ? pathname === link.to : pathname === link.to || pathname.startsWith(`${link.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

/**
 * The admin area's frame. From tablet width a sidebar with the sections, 'Back to Site', 'Logout' and this device's
 * alerts; on a phone one 56 px bar with the section's name and a Menu button that opens the same list over the page's
 * top, so the work starts right under it. The page is in the main landmark.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const shopName = useShop().name;
  const { logout, pending } = useAdminLogout();
  const { data: counts, isError: refreshFailed, dataUpdatedAt } = useDashboard();
  const role = signedInUser(useAuthStatus().data)?.role;
  const { pathname } = useLocation();
  const links = usesPanel(role) ? linksFor(role) : [];
  const navigate = useNavigate();
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const [arrived, setArrived] = useState('');
  /** Where the phone's menu was opened: going anywhere else closes it. */
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === pathname;
  const section = currentSection(pathname, links);
  const unseenOf = (to: string) =>
    to === '/admin/orders' ? (counts?.orders.unseen ?? 0) : to === '/admin/contacts' ? (counts?.contacts.unseen ?? 0) : 0;
  const unseenTotal = (counts?.orders.unseen ?? 0) + (counts?.contacts.unseen ?? 0);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  useNewEnquiryAlerts(counts?.orders.latestUnseenId, {
    // Told to screen readers without taking the toast's place: that one says what the staff member just did.
    onArrival: useCallback((displayId: number) => setArrived(`New enquiry #${displayId}`), []),
    onOpen: useCallback(() => void navigate('/admin/orders'), [navigate]),
  });

  return (
    <div className="flex flex-1 flex-col md:flex-row">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div
        data-testid="admin-phone-bar"
        className="flex h-14 items-center gap-2 border-b border-stone-200 bg-stone-50 px-3 md:hidden"
      >
        <p className="min-w-0 truncate font-bold text-leaf-900">
          <span className="sr-only">{shopName} admin: </span>
          {section?.label ?? 'Admin'}
        </p>
        <button
          ref={menuButton}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setOpenAt(menuOpen ? null : pathname)}
          className="btn-outline ml-auto min-h-11 shrink-0"
        >
          {menuOpen ? <X aria-hidden="true" className="size-4" /> : <Menu aria-hidden="true" className="size-4" />}
          Menu
          {unseenTotal > 0 && (
            <span className="rounded-full bg-amber-500 px-2 text-xs font-bold text-stone-950">
              {formatCount(unseenTotal)}
              <span className="sr-only"> unseen</span>
            </span>
          )}
        </button>
      </div>
      <aside
        id={menuId}
        className={`${menuOpen ? 'block' : 'hidden'} border-b border-stone-200 bg-stone-50 pb-3 shadow-md md:block md:w-60 md:shrink-0 md:border-r md:border-b-0 md:shadow-none`}
      >
        <div className="hidden px-4 pt-4 pb-2 md:block">
          <p className="font-bold text-leaf-900">{shopName}</p>
          <p className="text-sm text-stone-600">Admin panel</p>
        </div>
        <nav aria-label="Admin" className="px-2 pt-2 md:pt-0">
          <ul className="grid grid-cols-2 gap-1 md:grid-cols-1">
            {links.map(({ to, label, icon: Icon, end }) => {
              const unseen = unseenOf(to);
              return (
                <li key={to}>
                  <NavLink to={to} end={end} className={linkClass} aria-describedby={unseen ? `unseen-${label}` : undefined}>
                    <Icon aria-hidden="true" className="size-4 shrink-0" />
                    {label}
                    {unseen ? (
                      <span
                        aria-hidden="true"
                        className="ml-auto rounded-full bg-amber-500 px-2 text-xs font-bold text-stone-950"
                      >
                        {unseen}
                      </span>
                    ) : null}
                  </NavLink>
                  {unseen ? (
                    <span id={`unseen-${label}`} className="sr-only">
                      {unseen} unseen
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <ul className="mt-2 grid grid-cols-2 gap-1 border-t border-stone-200 pt-2 md:grid-cols-1">
            <li>
              <Link to="/" className={`${item} text-stone-700 hover:bg-leaf-50 hover:text-leaf-900`}>
                <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
                Back to Site
              </Link>
            </li>
            <li>
              <button
                type="button"
                disabled={pending}
                onClick={() => void logout()}
                className={`${item} w-full text-stone-700 hover:bg-red-50 hover:text-red-800 disabled:opacity-60`}
              >
                <LogOut aria-hidden="true" className="size-4 shrink-0" />
                Logout
              </button>
            </li>
          </ul>
        </nav>
        <AlertSettings />
      </aside>
      <p role="status" className="sr-only" data-testid="new-enquiry-notice">
        {arrived}
      </p>
      <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
        <RefreshNotice failed={refreshFailed} loadedAt={dataUpdatedAt} />
        {children}
      </main>
    </div>
  );
}

/**
 * The panel reads its counts and lists again every 30 seconds; when that fails (offline, the shop unreachable) it says
 * so instead of showing old figures as if they were new. What matters to the staff is how old the figures are, so the
 * time given is when they last loaded (`loadedAt`, 0 when they never did), not when the latest try failed: after ten
 * failed tries the figures are still the first try's. A session that ended is the sign-in prompt's, not this.
 */
function RefreshNotice({ failed, loadedAt }: { failed: boolean; loadedAt: number }) {
  const online = useOnline();
  if (online && !failed) return null;
  const age =
    loadedAt > 0
      ? `what you see was last loaded at ${shortTime(loadedAt)} and may be out of date`
      : 'what you see may be out of date';
  return (
    <p
      role="status"
      data-testid="refresh-notice"
      className="mb-4 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {online
        ? `Could not reach the shop: ${age}. The panel tries again every 30 seconds.`
        : `You are offline: ${age}. The panel carries on when the connection is back.`}
    </p>
  );
}

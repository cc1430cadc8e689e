import { ArrowLeft, LayoutDashboard, LogOut, type LucideIcon, MessageSquare, Package, Shield, ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';

import { business } from '../../../core/business';
import { useAdminLogout } from './AdminGuard';
import { useDashboard } from './shared/admin-api';

interface AdminLink {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

/** The sidebar's sections (spec: admin layout), in order. */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingCart },
  { to: '/admin/contacts', label: 'Contacts', icon: MessageSquare },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/security', label: 'Security', icon: Shield },
];

const item = 'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium';
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${item} ${isActive ? 'bg-leaf-700 text-white' : 'text-stone-700 hover:bg-leaf-50 hover:text-leaf-900'}`;

/**
 * The admin area's frame: the sidebar (a column from tablet width, a block above the content on phones) with
 * the sections, 'Back to Site' and 'Logout', and the page in the main landmark.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { logout, pending } = useAdminLogout();
  const { data: counts } = useDashboard();
  return (
    <div className="flex flex-1 flex-col md:flex-row">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <aside className="border-b border-stone-200 bg-stone-50 md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="px-4 pt-4 pb-2">
          <p className="font-bold text-leaf-900">{business.name}</p>
          <p className="text-sm text-stone-600">Admin panel</p>
        </div>
        <nav aria-label="Admin" className="px-2 pb-3">
          <ul className="grid grid-cols-2 gap-1 min-[480px]:grid-cols-3 md:grid-cols-1">
            {ADMIN_LINKS.map(({ to, label, icon: Icon, end }) => {
              const unseen =
                to === '/admin/orders' ? counts?.orders.unseen : to === '/admin/contacts' ? counts?.contacts.unseen : 0;
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
      </aside>
      <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
        {children}
      </main>
    </div>
  );
}

/** A section the admin panel work has not built yet: its heading and 'Coming soon'. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section>
      <h1 className="text-2xl font-bold text-leaf-900">{title}</h1>
      <p className="mt-4 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-stone-700">Coming soon</p>
    </section>
  );
}

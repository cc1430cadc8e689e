import { useQueryClient } from '@tanstack/react-query';
import { Activity, KeyRound, ShieldAlert, ShieldCheck, Timer } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';

import { useSecurityLogs, useSecuritySummary } from '#app/admin/admin-api.ts';
import { AdminTable, CELL } from '#app/admin/AdminTable.tsx';
import { shortDate } from '#app/admin/format.ts';
import type { PublicUser, SecurityLogEntry } from '#domains/account/model.ts';
import { SetupWizard } from '#domains/account/ui/admin/SetupWizard.tsx';
import { AUTH_STATUS_KEY, signedInUser, useAuthStatus } from '#domains/account/ui/use-auth.ts';

import { BackupCodesPanel } from './BackupCodesPanel.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';

const TABS = [
  ['overview', 'Security Overview'],
  ['settings', 'Security Settings'],
  ['logs', 'Security Logs'],
] as const;
type Tab = (typeof TABS)[number][0];
const OVERVIEW_EVENTS = 10;
const LOG_EVENTS = 100;

function StatusCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 className="flex items-center gap-2 font-semibold text-stone-800">
        {icon} {title}
      </h2>
      <div className="mt-1 text-sm text-stone-700">{children}</div>
    </section>
  );
}

const SEVERITY_STYLE: Record<string, string> = {
  critical: 'bg-red-100 text-red-900',
  high: 'bg-orange-100 text-orange-900',
  medium: 'bg-amber-100 text-amber-900',
  low: 'bg-stone-100 text-stone-800',
};

/** The security events as a table whose columns line up (stacked cards on a phone). */
function EventsPanel({ events, title }: { events: SecurityLogEntry[] | undefined; title: string }) {
  return (
    <section aria-label={title} className="rounded-xl border border-stone-200 p-4">
      <h3 className="font-bold text-leaf-900">{title}</h3>
      {!events ? (
        <p role="status">Loading…</p>
      ) : events.length === 0 ? (
        <p className="text-sm text-stone-700">No security events yet.</p>
      ) : (
        <AdminTable caption={title} columns={['Event', 'Severity', 'Account', 'Address', 'When']}>
          {events.map((event) => (
            <tr
              key={event.id}
              data-testid="security-event"
              className="mb-2 block rounded-lg border border-stone-200 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-b"
            >
              <td data-label="Event" className={`${CELL} font-semibold`}>
                {event.eventType}
              </td>
              <td data-label="Severity" className={CELL}>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${SEVERITY_STYLE[event.severity] ?? ''}`}>
                  {event.severity}
                </span>
              </td>
              <td data-label="Account" className={`${CELL} break-all`}>
                {event.username ?? '—'}
              </td>
              <td data-label="Address" className={`${CELL} break-all`}>
                {event.ipAddress ?? 'unknown address'}
              </td>
              <td data-label="When" className={`${CELL} md:whitespace-nowrap`}>
                {shortDate(event.createdAt)}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

/**
 * /admin/security, the Security Center. Administrators see the shop's security: the status cards, the summary counts
 * and the three tabs. Staff see their own account's settings only (the shop's security log is the administrators').
 * `shopName` goes into the backup code file.
 */
export function SecurityPage({ shopName }: { shopName: string }) {
  const user = signedInUser(useAuthStatus().data);
  const [settingUp, setSettingUp] = useState(false);
  const twoFactor = user?.twoFactorEnabled ?? false;
  const settings = <SecuritySettings user={user} shopName={shopName} settingUp={settingUp} onSettingUp={setSettingUp} />;
  return (
    <section aria-labelledby="security-title">
      <h1 id="security-title" className="text-2xl font-bold text-leaf-900">
        Security Center
      </h1>
      <div className={`mt-4 grid gap-4 ${user?.role === 'admin' ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        <StatusCard
          title="Two-factor"
          icon={
            twoFactor ? (
              <ShieldCheck aria-hidden="true" className="size-5" />
            ) : (
              <ShieldAlert aria-hidden="true" className="size-5" />
            )
          }
        >
          {twoFactor ? 'Enabled' : 'Not enabled'}
        </StatusCard>
        <StatusCard title="Session security" icon={<Timer aria-hidden="true" className="size-5" />}>
          Admin sessions expire after 4 hours
        </StatusCard>
        {user?.role === 'admin' && (
          <StatusCard title="Monitoring" icon={<Activity aria-hidden="true" className="size-5" />}>
            Sign-ins and changes are logged
          </StatusCard>
        )}
      </div>
      {user?.role === 'admin' ? (
        <ShopSecurity twoFactor={twoFactor} settings={settings} onSetup={setSettingUp} />
      ) : (
        <div className="mt-6 space-y-4">{settings}</div>
      )}
    </section>
  );
}

/** The administrators' part: the 'Setup 2FA' banner, the summary counts and the tabs. */
function ShopSecurity({
  twoFactor,
  settings,
  onSetup,
}: {
  twoFactor: boolean;
  settings: ReactNode;
  onSetup: (settingUp: boolean) => void;
}) {
  const [tab, setChosen] = useState<Tab>('overview');
  // Another tab leaves a setup that was started.
  const setTab = (next: Tab) => {
    setChosen(next);
    onSetup(false);
  };
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const logs = useSecurityLogs(LOG_EVENTS);
  const summary = useSecuritySummary();

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    const nextTab = TABS[next];
    if (nextTab) setTab(nextTab[0]);
    tabs.current[next]?.focus();
  };

  return (
    <>
      {!twoFactor && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <p className="flex items-center gap-2">
            <ShieldAlert aria-hidden="true" className="size-5" /> Two-factor authentication is not enabled for your account.
          </p>
          <button
            type="button"
            className="btn-primary min-h-11"
            onClick={() => {
              setChosen('settings');
              onSetup(true);
            }}
          >
            Setup 2FA
          </button>
        </div>
      )}
      <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
        {(
          [
            ['Critical events', summary.data?.critical],
            ['High events', summary.data?.high],
            ['Failed logins', summary.data?.failedLogins],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl bg-stone-50 p-3">
            <dt className="text-sm text-stone-700">{label}</dt>
            <dd className="text-2xl font-bold text-stone-900">{value ?? '…'}</dd>
          </div>
        ))}
      </dl>

      <div role="tablist" aria-label="Security Center" className="mt-6 flex flex-wrap gap-1 border-b border-stone-200">
        {TABS.map(([value, label], index) => (
          <button
            key={value}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={`security-tab-${value}`}
            type="button"
            role="tab"
            aria-selected={tab === value}
            aria-controls={`security-panel-${value}`}
            tabIndex={tab === value ? 0 : -1}
            onClick={() => setTab(value)}
            onKeyDown={(event) => onTabKey(event, index)}
            className={`min-h-11 rounded-t-lg px-4 text-sm font-semibold ${tab === value ? 'border-b-2 border-leaf-700 text-leaf-900' : 'text-stone-700 hover:bg-leaf-50'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        id={`security-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`security-tab-${tab}`}
        tabIndex={0}
        className="mt-4 space-y-4"
      >
        {tab === 'overview' && <EventsPanel title="Recent security events" events={logs.data?.slice(0, OVERVIEW_EVENTS)} />}
        {tab === 'logs' && <EventsPanel title="Security events" events={logs.data} />}
        {tab === 'settings' && settings}
      </div>
    </>
  );
}

/** The signed-in account's own security: two-factor (set up, or its backup codes) and the password. */
function SecuritySettings({
  user,
  shopName,
  settingUp,
  onSettingUp,
}: {
  user: PublicUser | null;
  shopName: string;
  settingUp: boolean;
  onSettingUp: (settingUp: boolean) => void;
}) {
  const client = useQueryClient();
  const [changingPassword, setChangingPassword] = useState(false);
  const twoFactor = user?.twoFactorEnabled ?? false;
  return (
    <>
      <section className="rounded-xl border border-stone-200 p-4">
        <h3 className="flex items-center gap-2 font-bold text-leaf-900">
          <ShieldCheck aria-hidden="true" className="size-5" /> Two-factor authentication
        </h3>
        {settingUp ? (
          <SetupWizard
            username={user?.username ?? null}
            shopName={shopName}
            onComplete={() => {
              onSettingUp(false);
              void client.invalidateQueries({ queryKey: AUTH_STATUS_KEY });
            }}
            onCancel={() => onSettingUp(false)}
          />
        ) : twoFactor ? (
          <>
            <p className="mt-2 text-sm text-stone-700">
              Enabled: signing in asks for a code from your authenticator app or a backup code. Lost your phone? Sign in with a
              backup code, or ask an administrator to reset your two-factor authentication (Staff).
            </p>
            <BackupCodesPanel username={user?.username ?? null} shopName={shopName} />
          </>
        ) : (
          <button type="button" className="btn-primary mt-2 min-h-11" onClick={() => onSettingUp(true)}>
            Setup 2FA
          </button>
        )}
      </section>
      <section className="rounded-xl border border-stone-200 p-4">
        <h3 className="flex items-center gap-2 font-bold text-leaf-900">
          <KeyRound aria-hidden="true" className="size-5" /> Password
        </h3>
        <button type="button" className="btn-outline mt-2 min-h-11" onClick={() => setChangingPassword(true)}>
          Change Password
        </button>
        <p className="mt-2 text-sm text-stone-700">Admin sessions expire after 4 hours.</p>
      </section>
      {changingPassword && <ChangePasswordDialog onClose={() => setChangingPassword(false)} />}
    </>
  );
}

import { ChevronDown } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { SETTINGS_SECTION_VIEWS } from './sections.ts';
import { useRole, useSettings } from './settings-api.ts';
import { SettingsHistory } from './SettingsHistory.tsx';

/**
 * /admin/settings (administrators only): the shop's own details, one collapsible part per section (on a phone one
 * open at a time is easy to scroll), each saved on its own; then the history of the versions saved. An address
 * ending in a section's anchor (#payments, from the dashboard's set-up steps) opens that section.
 */
export function SettingsPage() {
  const role = useRole();
  const settings = useSettings();
  const { hash } = useLocation();
  const loaded = settings.data !== undefined;

  // Opened by hand rather than by state: the person opens and closes the others as they go.
  useEffect(() => {
    const id = hash.slice(1);
    const details = id && SETTINGS_SECTION_VIEWS.some((view) => view.id === id) ? document.getElementById(id) : null;
    if (!(details instanceof HTMLDetailsElement)) return;
    details.open = true;
    details.querySelector('summary')?.focus();
  }, [hash, loaded]);

  if (role && role !== 'admin') {
    return (
      <section>
        <h1 className="text-2xl font-bold text-leaf-900">Settings</h1>
        <p className="mt-4 text-stone-700">Only an administrator changes the shop’s settings.</p>
      </section>
    );
  }
  const answer = settings.data;
  return (
    <section aria-labelledby="settings-title" className="max-w-3xl">
      <h1 id="settings-title" className="text-2xl font-bold text-leaf-900">
        Settings
      </h1>
      <p className="mt-2 text-stone-700">
        The shop’s own details, printed on its pages, e-mails, quotes and invoices. Each part is saved on its own; documents
        already sent keep the details they were issued with.
      </p>
      {settings.isError && (
        <p role="alert" className="mt-4 text-red-800">
          The settings could not be loaded. Please try again.
        </p>
      )}
      {answer?.demo && (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          The shop still has the demo’s details: until its business details are saved, every tax document is marked “Specimen, not
          a tax invoice”.
        </p>
      )}
      {answer && (
        <div className="mt-6 space-y-3">
          {SETTINGS_SECTION_VIEWS.map(({ id, title, summary, Component }) => (
            <details key={id} id={id} className="group scroll-mt-4 rounded-xl border border-stone-200 bg-white">
              <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 rounded-xl p-4 [&::-webkit-details-marker]:hidden">
                <span className="min-w-0 flex-1">
                  <h2 className="font-bold text-leaf-900">{title}</h2>
                  <span className="block text-sm text-stone-600">{summary}</span>
                </span>
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-stone-600 group-open:rotate-180" />
              </summary>
              <div className="border-t border-stone-200 p-4">
                <Component answer={answer} />
              </div>
            </details>
          ))}
        </div>
      )}
      <SettingsHistory />
    </section>
  );
}

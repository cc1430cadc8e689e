import { useId, useState } from 'react';

import { AdminTable, CELL, rowClass } from '#app/admin/AdminTable.tsx';
import { shortDate } from '#app/admin/format.ts';
import { Pager } from '#app/admin/ListControls.tsx';
import { Titled } from '#app/ui/Titled.tsx';
import { SETTINGS_SECTIONS } from '#domains/settings/schema.ts';

import { SETTINGS_SECTION_VIEWS } from './sections.ts';
import { useSettingsHistory } from './settings-api.ts';

const titleOf = (section: string) => SETTINGS_SECTION_VIEWS.find((view) => view.id === section)?.title ?? section;

/** The versions saved, newest first, a page at a time: who saved which section when; one section's or all of them. */
export function SettingsHistory() {
  const [section, setSection] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const history = useSettingsHistory(section, page);
  const filterId = useId();
  const data = history.data;
  return (
    <Titled id="settings-history-title" title="History" className="mt-10" heading="text-lg">
      <p className="mt-1 text-sm text-stone-700">Every save is kept as a version: the newest of each section is in force.</p>
      <div className="mt-3 max-w-xs">
        <label htmlFor={filterId} className="mb-1.5 block text-sm font-semibold text-stone-900">
          Section
        </label>
        <select
          id={filterId}
          value={section ?? ''}
          onChange={(event) => {
            setSection(event.target.value || null);
            setPage(1);
          }}
          className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base"
        >
          <option value="">All sections</option>
          {SETTINGS_SECTIONS.map((name) => (
            <option key={name} value={name}>
              {titleOf(name)}
            </option>
          ))}
        </select>
      </div>
      {history.isError && (
        <p role="alert" className="mt-4 text-red-800">
          The history could not be loaded. Please try again.
        </p>
      )}
      {data && (
        <AdminTable caption="Versions of the settings saved" columns={['Section', 'Saved by', 'When']}>
          {data.items.map((version) => (
            <tr key={version.id} data-testid="settings-version" className={rowClass(true)}>
              <td data-label="Section" className={`${CELL} font-semibold`}>
                {titleOf(version.section)}
              </td>
              <td data-label="Saved by" className={CELL}>
                {version.savedBy ?? 'Installation (first values)'}
              </td>
              <td data-label="When" className={CELL}>
                {shortDate(version.savedAt)}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {data && data.total > data.pageSize && (
        <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
      )}
    </Titled>
  );
}

import { get } from 'react-hook-form';

import { FormField } from '#app/ui/FormField.tsx';
import { type HoursSettings, hoursSettingsSchema } from '#domains/settings/schema.ts';

import { RowsField } from './RowsField.tsx';
import { CheckField, SectionFrame, TextField, useSectionForm } from './section-form.tsx';
import type { SettingsSectionProps } from './section-props.ts';

/** Sunday first, as the settings keep the week. */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const HOURS = Array.from({ length: 25 }, (_, hour) => hour);
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A weekday as the form holds it: open or not, and its hours kept while it is closed, in case it opens again. */
interface HoursForm {
  week: Array<{ open: boolean; opens: number; closes: number }>;
  holidays: HoursSettings['holidays'];
}

const toForm = ({ week, holidays }: HoursSettings): HoursForm => ({
  week: week.map((day) => (day ? { open: true, ...day } : { open: false, opens: 9, closes: 18 })),
  holidays,
});
const toBody = ({ week, holidays }: HoursForm): HoursSettings => ({
  week: week.map(({ open, opens, closes }) => (open ? { opens, closes } : null)),
  holidays,
});

/** Hours and holidays: each weekday's opening hours (India time) and the days the shop is shut. */
export function HoursSection({ answer }: SettingsSectionProps) {
  const { register, errors, control, watch, frame } = useSectionForm({
    section: 'hours',
    schema: hoursSettingsSchema,
    answer,
    toBody,
    toForm,
    title: 'Hours and holidays',
  });
  const weekError = (get(errors, 'week') as { message?: string; root?: { message?: string } } | undefined) ?? {};
  const message = (path: string) => (get(errors, path) as { message?: string } | undefined)?.message;
  return (
    <SectionFrame {...frame} label="Save hours and holidays">
      <fieldset className="space-y-3">
        <legend className="mb-1 font-semibold text-stone-900">Working hours (India time)</legend>
        {(weekError.message ?? weekError.root?.message) && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {weekError.message ?? weekError.root?.message}
          </p>
        )}
        {WEEKDAYS.map((day, index) => {
          const open = watch(`week.${index}.open`);
          return (
            <div key={day} className="rounded-lg border border-stone-200 p-3">
              <CheckField name={`week.${index}.open`} label={`Open on ${day}`} register={register} />
              {open && (
                <div className="mt-2 grid grid-cols-2 items-end gap-3">
                  {(['opens', 'closes'] as const).map((edge) => (
                    <FormField
                      key={edge}
                      label={`${day}: ${edge === 'opens' ? 'opens at' : 'closes at'}`}
                      error={message(`week.${index}.${edge}`)}
                    >
                      {(props) => (
                        <select {...props} {...register(`week.${index}.${edge}`, { valueAsNumber: true })}>
                          {HOURS.map((hour) => (
                            <option key={hour} value={hour}>
                              {hourText(hour)}
                            </option>
                          ))}
                        </select>
                      )}
                    </FormField>
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </fieldset>
      <RowsField
        control={control}
        name="holidays"
        blank={{ date: '', name: '' }}
        legend="Holidays"
        hint="Days the shop is shut (Onam, Vishu, Christmas…): replies wait for the next working day."
        none="No holidays listed."
        rowName="holiday"
        renderRow={(index) => (
          <>
            <TextField name={`holidays.${index}.date`} label="Date" type="date" register={register} errors={errors} />
            <TextField name={`holidays.${index}.name`} label="Holiday" register={register} errors={errors} />
          </>
        )}
        addLabel="Add a holiday"
      />
    </SectionFrame>
  );
}

import type { SettingsAnswer } from '#domains/settings/schema.ts';

/** What every section's component is given: the settings answer (all sections, the demo flag, the set-up steps). */
export interface SettingsSectionProps {
  answer: SettingsAnswer;
}

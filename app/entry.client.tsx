// React Router's default browser entry (@react-router/dev's entry.client.tsx), after the page's messages: a
// Malayalam page (/ml/…) is hydrated with the words it was rendered with, so nothing is drawn twice; the rest of the
// catalogue (what a later tap or page may show) comes once the page is idle.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

import { completeLanguage, loadLanguage } from '#lib/i18n/translate.ts';
import { languageOfPath } from '#lib/language.ts';

// Should the words fail to load (a chunk gone after a deploy), the page is still hydrated, in English.
void loadLanguage(languageOfPath(window.location.pathname))
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  )
  .then(() => whenIdle(() => void completeLanguage()));

function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
}

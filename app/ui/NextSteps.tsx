import type { ReactNode } from 'react';

import { Link } from './LocalLink.tsx';

interface Step {
  to: string;
  text: ReactNode;
}

/** Where to go from here: the main way and one other, as buttons side by side from 640 px wide, stacked below. */
export function NextSteps({ className, main, other }: { className: string; main: Step; other: Step }) {
  return (
    <div className={`${className} flex flex-col justify-center gap-3 sm:flex-row`}>
      <Link to={main.to} className="btn-primary">
        {main.text}
      </Link>
      <Link to={other.to} className="btn-outline">
        {other.text}
      </Link>
    </div>
  );
}

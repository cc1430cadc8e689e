import { redirect } from 'react-router';

import { useT } from '#app/lib/language.ts';
import { enquiryPageMeta } from '#app/lib/meta.ts';
import { Link } from '#app/ui/LocalLink.tsx';
import { requestAuthStatus } from '#domains/account/ui/status.server.ts';
import { signedInUser } from '#domains/account/ui/use-auth.ts';
import { ENQUIRY_NUMBER_BASE } from '#domains/enquiry/model.ts';
import { orRefusal, privateHeaders } from '#domains/order-file/ui/customer.server.ts';
import { EnquireAgain } from '#domains/order-file/ui/EnquireAgain.tsx';
import { EnquiryNotFound, EnquiryStatus } from '#domains/order-file/ui/EnquiryStatus.tsx';
import { loadLanguage } from '#lib/i18n/translate.ts';
import { parseId } from '#lib/ids.ts';
import { languageOfPath, pathIn } from '#lib/language.ts';

import type { Route } from './+types/my-enquiry.ts';

export const meta: Route.MetaFunction = ({ data, matches }) => enquiryPageMeta(matches, data?.enquiry?.displayId);

export const headers: Route.HeadersFunction = privateHeaders;

/** One of the signed-in customer's enquiries (never anyone else's: 404), with 'Enquire again'. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = signedInUser(await requestAuthStatus(request, context));
  const language = languageOfPath(new URL(request.url).pathname);
  if (!user) throw redirect(pathIn(language, '/login'));
  const number = parseId(params.number) ?? ENQUIRY_NUMBER_BASE;
  // The root's loader loads the catalogue too, but runs beside this one: the texts worked out here need it first.
  await loadLanguage(language);
  return orRefusal(() => context.customerEnquiries.ownEnquiry(user.id, number, language));
}

export default function MyEnquiry({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (!loaderData.enquiry) return <EnquiryNotFound message={loaderData.message} />;
  return (
    <EnquiryStatus
      enquiry={loaderData.enquiry}
      api={`/api/account/enquiries/${loaderData.enquiry.displayId}`}
      actions={
        <div className="flex flex-wrap items-start justify-between gap-3">
          <EnquireAgain displayId={loaderData.enquiry.displayId} />
          <Link to="/account/enquiries" className="btn-ghost mt-6 min-h-11">
            {t('All my enquiries')}
          </Link>
        </div>
      }
    />
  );
}

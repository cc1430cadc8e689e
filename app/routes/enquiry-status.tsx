import { enquiryPageMeta } from '#app/lib/meta.ts';
import { orRefusal, privateHeaders } from '#domains/order-file/ui/customer.server.ts';
import { EnquiryNotFound, EnquiryStatus } from '#domains/order-file/ui/EnquiryStatus.tsx';
import { loadLanguage } from '#lib/i18n/translate.ts';
import { languageOfPath } from '#lib/language.ts';

import type { Route } from './+types/enquiry-status.ts';

export const meta: Route.MetaFunction = ({ data, matches }) => enquiryPageMeta(matches, data?.enquiry?.displayId);

export const headers: Route.HeadersFunction = privateHeaders;

/** The private status page of an enquiry, opened by the link in the customer's e-mail: no account needed. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  // The root's loader loads the catalogue too, but runs beside this one: the texts worked out here need it first.
  await loadLanguage(language);
  return orRefusal(() => context.customerEnquiries.byToken(params.token, language));
}

export default function EnquiryStatusPage({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.enquiry) return <EnquiryNotFound message={loaderData.message} />;
  return <EnquiryStatus enquiry={loaderData.enquiry} api={`/api/enquiries/status/${params.token}`} />;
}

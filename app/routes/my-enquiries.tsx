import { redirect } from 'react-router';

import { metaT, noindexMeta } from '#app/lib/meta.ts';
import { requestAuthStatus } from '#domains/account/ui/status.server.ts';
import { signedInUser } from '#domains/account/ui/use-auth.ts';
import { MY_ENQUIRIES_PAGE_SIZE, myEnquiriesQuerySchema } from '#domains/order-file/status-schema.ts';
import { privateHeaders } from '#domains/order-file/ui/customer.server.ts';
import { MyEnquiries } from '#domains/order-file/ui/MyEnquiries.tsx';
import { languageOfPath, pathIn } from '#lib/language.ts';

import type { Route } from './+types/my-enquiries.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return noindexMeta(matches, t('My enquiries'), t('Your enquiries, where each one stands, and enquire again.'));
};

export const headers: Route.HeadersFunction = privateHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = signedInUser(await requestAuthStatus(request, context));
  if (!user) throw redirect(pathIn(languageOfPath(new URL(request.url).pathname), '/login'));
  const query = myEnquiriesQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return context.customerEnquiries.list(user.id, query.success ? query.data.page : 1, MY_ENQUIRIES_PAGE_SIZE);
}

export default function MyEnquiriesRoute({ loaderData }: Route.ComponentProps) {
  return <MyEnquiries list={loaderData} />;
}

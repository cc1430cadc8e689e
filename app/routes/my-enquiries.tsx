import { redirect } from 'react-router';

import { MY_ENQUIRIES_PAGE_SIZE, myEnquiriesQuerySchema } from '../../core/schemas/enquiry-status';
import { privateHeaders } from '../features/account/customer.server';
import { MyEnquiries } from '../features/account/MyEnquiries';
import { requestAuthStatus } from '../features/auth/status.server';
import { pageMeta } from '../lib/meta';
import { signedInUser } from '../lib/use-auth';
import type { Route } from './+types/my-enquiries';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'My enquiries', 'Your enquiries, where each one stands, and enquire again.'),
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = privateHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = signedInUser(await requestAuthStatus(request, context));
  if (!user) throw redirect('/login');
  const query = myEnquiriesQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return context.customerEnquiries.list(user.id, query.success ? query.data.page : 1, MY_ENQUIRIES_PAGE_SIZE);
}

export default function MyEnquiriesRoute({ loaderData }: Route.ComponentProps) {
  return <MyEnquiries list={loaderData} />;
}

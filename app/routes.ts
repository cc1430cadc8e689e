import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** The storefront's pages; `prefix` is '' for English and 'ml/' for Malayalam, whose route ids it also starts. */
function storefront(prefix: string) {
  const id = (name: string) => (prefix ? { id: `${prefix}${name}` } : undefined);
  const page = (path: string, file: string) => route(path, file, id(path) ?? {});
  return [
    index('routes/home.tsx', { id: `${prefix}index` }),
    page('home', 'routes/home.tsx'),
    page('products', 'routes/products.tsx'),
    page('products/:id', 'routes/product.tsx'),
    page('about', 'routes/about.tsx'),
    page('contact', 'routes/contact.tsx'),
    page('blog', 'routes/blog.tsx'),
    page('blog/:slug', 'routes/blog-post.tsx'),
    page('checkout', 'routes/checkout.tsx'),
    page('login', 'routes/login.tsx'),
    page('register', 'routes/register.tsx'),
    page('join', 'routes/join.tsx'),
    page('forgot-password', 'routes/forgot-password.tsx'),
    page('reset-password', 'routes/reset-password.tsx'),
    page('enquiry/:token', 'routes/enquiry-status.tsx'),
    page('account/enquiries', 'routes/my-enquiries.tsx'),
    page('account/enquiries/:number', 'routes/my-enquiry.tsx'),
    page('*', 'routes/not-found.tsx'),
  ];
}

export default [
  layout('routes/public.tsx', storefront('')),
  // The same pages in Malayalam at /ml/… (lib/language.ts), each route with an id of its own.
  route('ml', 'routes/public.tsx', { id: 'ml' }, storefront('ml/')),
  route('admin/login', 'routes/admin-login.tsx'),
  route('admin', 'routes/admin.tsx', [
    index('routes/admin-dashboard.tsx'),
    route('orders', 'routes/admin-orders.tsx'),
    route('customers', 'routes/admin-customers.tsx'),
    route('contacts', 'routes/admin-contacts.tsx'),
    route('products', 'routes/admin-products.tsx'),
    route('security', 'routes/admin-security.tsx'),
    route('staff', 'routes/admin-staff.tsx'),
    route('reports', 'routes/admin-reports.tsx'),
    route('bank', 'routes/admin-bank.tsx'),
    route('settings', 'routes/admin-settings.tsx'),
  ]),
] satisfies RouteConfig;

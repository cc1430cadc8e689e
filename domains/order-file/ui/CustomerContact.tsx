import type { replyLinks } from '#app/admin/format.ts';
import { ReachButtons } from '#app/admin/ReachLinks.tsx';
import type { AdminOrder } from '#domains/order-file/schema.ts';

/**
 * The top of an enquiry's details: who it is and the one-tap ways to reach them (call, WhatsApp, e-mail), so the
 * staff on a phone reach the customer without scrolling past the enquiry.
 */
export function CustomerContact({ order, links }: { order: AdminOrder; links: ReturnType<typeof replyLinks> }) {
  return (
    <div className="flex flex-wrap items-center gap-2 sm:col-span-2 print:hidden" data-testid="customer-contact">
      <p className="w-full font-semibold text-stone-900">
        {order.customerName}
        {!order.customerPhone && <span className="font-normal text-stone-700"> (no phone number given)</span>}
      </p>
      <ReachButtons links={links} phone={order.customerPhone} />
    </div>
  );
}

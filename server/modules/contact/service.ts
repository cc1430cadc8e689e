import type { z } from 'zod';

import type { contactSchema } from '../../../core/schemas/enquiry.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { shopContactMail } from '../mail/messages.ts';
import { enqueueMail } from '../mail/outbox.ts';

/** Messages from the contact form, stored unseen with their e-mail to the shop, in one transaction. */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly shopEmail: string,
    private readonly onCreated: () => void = () => {},
  ) {}

  async create(input: z.output<typeof contactSchema>): Promise<{ id: number }> {
    const created = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({
          name: input.name,
          email: input.email,
          company: input.company || null,
          phone: input.phone,
          inquiryType: input.inquiryType,
          message: input.message,
        })
        .returning({ id: contactMessages.id });
      if (!row) throw new Error('contact insert returned nothing');
      await enqueueMail(tx, shopContactMail({ ...input, id: row.id, company: input.company || null }, this.shopEmail));
      return { id: row.id };
    });
    this.onCreated();
    return created;
  }
}

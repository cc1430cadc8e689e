import type { z } from 'zod';

import type { contactSchema } from '#domains/enquiry/schema.ts';
import { shopContactMail } from '#domains/message/mail.server.ts';
import { contactMessages } from '#domains/message/tables.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import type { Db } from '#platform/db/client.ts';
import { enqueueMail } from '#platform/mail/outbox.ts';

/** Messages from the contact form, stored unseen with their e-mail to the shop (the settings' e-mail), in one transaction. */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly onCreated: () => void = () => {},
  ) {}

  async create(input: z.output<typeof contactSchema>): Promise<{ id: number }> {
    const shop = await this.settings.publicShop();
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
      await enqueueMail(tx, shopContactMail(shop, { ...input, id: row.id, company: input.company || null }));
      return { id: row.id };
    });
    this.onCreated();
    return created;
  }
}

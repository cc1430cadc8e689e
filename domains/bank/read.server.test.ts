// Each bank's statement export, in its own layout (tests/fixtures/bank-statements.ts), read to the same credits:
// the preamble and footer passed over, the header row telling the bank, days as each bank writes them, amounts with
// Indian commas, Malayalam and commas in the narration kept, debits counted and left out, the UTR found.
import { describe, expect, it } from 'vitest';

import { type BankId, NOT_A_STATEMENT, readStatement } from '#domains/bank/model.ts';
import { type FixtureRow, statementFile } from '#tests/fixtures/bank-statements.ts';

import { statementRows } from './read.server.ts';

const read = async (bank: BankId, rows: FixtureRow[]) =>
  readStatement(await statementRows((await statementFile(bank, rows)).bytes));

const DEBIT: FixtureRow = { day: '2030-12-04', narration: 'POS 4021XXXX AMAZON, ആമസോൺ', debit: 4_720_00 };
const INTEREST: FixtureRow = { day: '2030-12-31', narration: 'Int.Pd:01-10-2030 to 31-12-2030', credit: 1_234_50 };

describe.each<[BankId, FixtureRow, { reference: string; method: string }]>([
  [
    'hdfc',
    {
      day: '2030-12-05',
      narration: 'UPI-ANITHA MENON-anitha@okaxis-FDRL0001234-412345678901-GL/2030-31/0001, അനിത മേനോൻ',
      reference: '0000412345678901',
      credit: 1_18_000_00,
    },
    { reference: '412345678901', method: 'upi' },
  ],
  [
    'sbi',
    {
      day: '2030-12-05',
      narration: 'BY TRANSFER-NEFT*HDFC0000123*HDFCN52030120512345*ANAND CATERERS, ആലുവ',
      reference: 'TRANSFER FROM 99912345678',
      credit: 1_18_000_00,
    },
    { reference: 'HDFCN52030120512345', method: 'bank-transfer' },
  ],
  [
    'federal',
    {
      day: '2030-12-05',
      narration: 'UPI IN/412345678901/anitha@okaxis/GL 2030-31 0001, അനിത',
      reference: 'S12345678',
      credit: 1_18_000_00,
    },
    { reference: '412345678901', method: 'upi' },
  ],
  [
    'icici',
    {
      day: '2030-12-05',
      narration: 'MMT/IMPS/412345678901/GL-2030-31-1 ഹോട്ടൽ, Aluva/KUMAR CATE/FDRL0001234',
      reference: '-',
      credit: 1_18_000_00,
    },
    { reference: '412345678901', method: 'bank-transfer' },
  ],
])('%s statement', (bank, credit, found) => {
  it('reads its credits and passes over the rest', async () => {
    const statement = await read(bank, [DEBIT, credit, INTEREST]);
    expect(statement).toEqual({
      bank,
      debits: 1,
      credits: [
        {
          bookedOn: '2030-12-05',
          amount: 1_18_000_00,
          narration: credit.narration,
          reference: found.reference,
          method: found.method,
          row: expect.any(String),
        },
        {
          bookedOn: '2030-12-31',
          amount: 1_234_50,
          narration: INTEREST.narration,
          reference: null,
          method: null,
          row: expect.any(String),
        },
      ],
    });
  });
});

describe('files that are not a statement', () => {
  it('refuses a CSV of something else, an old .xls and a broken workbook, each saying what to upload', async () => {
    expect(readStatement(await statementRows(Buffer.from('name,price\nPlate,12\n')))).toEqual({ problem: NOT_A_STATEMENT });
    await expect(statementRows(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]))).rejects.toThrow(/old Excel \(\.xls\)/);
    await expect(statementRows(Buffer.from('PK\u0003\u0004broken', 'latin1'))).rejects.toThrow(/could not be opened/);
    await expect(statementRows(Buffer.from([0xff, 0xfe, 0x00, 0xd8]))).rejects.toThrow(/not UTF-8/);
  });

  it('refuses a deposit that is not an amount, naming the row', async () => {
    const file = await statementFile('hdfc', [{ day: '2030-12-05', narration: 'NEFT CR', credit: 100 }]);
    const broken = Buffer.from(file.bytes.toString('utf8').replace('"1.00"', 'ten').replace(',1.00,', ',ten,'));
    expect(readStatement(await statementRows(broken))).toEqual({
      problem: 'Row 8 of the HDFC Bank statement has a deposit that is not an amount',
    });
  });
});

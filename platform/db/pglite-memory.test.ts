import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { copyTemplateInto } from './pglite-memory.ts';

describe('copyTemplateInto', () => {
  let root: string;
  let template: string;
  let pgdata: string;
  const files = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : null);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
    template = path.join(root, 'template');
    pgdata = path.join(root, 'data', 'pgdata');
    fs.mkdirSync(path.join(template, 'base'), { recursive: true });
    fs.writeFileSync(path.join(template, 'PG_VERSION'), '18\n');
    fs.writeFileSync(path.join(template, 'base', '1'), 'catalogue');
    fs.mkdirSync(path.dirname(pgdata));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('makes a new database a copy of the template, and leaves no copy beside it', () => {
    copyTemplateInto(pgdata, template);
    expect(files(pgdata)).toEqual(['PG_VERSION', 'base']);
    expect(fs.readFileSync(path.join(pgdata, 'base', '1'), 'utf8')).toBe('catalogue');
    expect(files(path.dirname(pgdata))).toEqual(['pgdata']);
  });

  it('fills an empty folder, and replaces a copy an interrupted start left', () => {
    fs.mkdirSync(pgdata);
    fs.mkdirSync(`${pgdata}.new`);
    fs.writeFileSync(path.join(`${pgdata}.new`, 'PG_VERSION'), 'half');
    copyTemplateInto(pgdata, template);
    expect(fs.readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(files(path.dirname(pgdata))).toEqual(['pgdata']);
  });

  it('never touches a folder that holds anything', () => {
    fs.mkdirSync(pgdata);
    fs.writeFileSync(path.join(pgdata, 'PG_VERSION'), '17\n');
    copyTemplateInto(pgdata, template);
    expect(files(pgdata)).toEqual(['PG_VERSION']);
    expect(fs.readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('does nothing without a template (a development checkout before its first build)', () => {
    copyTemplateInto(pgdata, path.join(root, 'none'));
    expect(files(pgdata)).toBeNull();
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolderMailer } from './mailer';

describe('FolderMailer', () => {
  let dir: string;
  beforeEach(() => (dir = join(mkdtempSync(join(tmpdir(), 'mail-')), 'outbox')));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each mail once, named by its id, creating the folder', async () => {
    const mailer = new FolderMailer(dir);
    const mail = { id: 'ntf_1', to: 'amelie@example.ca', subject: 'Your delivery is on its way', text: 'Hi Amélie' };
    await mailer.send(mail);
    await mailer.send(mail);
    expect(readdirSync(dir)).toEqual(['ntf_1.json']);
    expect(JSON.parse(readFileSync(join(dir, 'ntf_1.json'), 'utf8'))).toEqual(mail);
  });
});

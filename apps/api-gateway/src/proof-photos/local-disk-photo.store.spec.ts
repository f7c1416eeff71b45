import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskPhotoStore } from './local-disk-photo.store';

describe('LocalDiskPhotoStore', () => {
  let directory: string;
  let store: LocalDiskPhotoStore;
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'photo-store-'));
    store = new LocalDiskPhotoStore(directory, 'http://gw/proof-photos', 'secret');
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('reads back what it wrote, with no temporary file left', async () => {
    await store.put('proof-photos/del_1/a.jpg', JPEG);
    expect(await store.read('proof-photos/del_1/a.jpg')).toEqual(JPEG);
    expect(readdirSync(join(directory, 'proof-photos', 'del_1'))).toEqual(['a.jpg']);
  });

  it("removes a delivery's folder with its last photo, and keeps it while another remains", async () => {
    await store.put('proof-photos/del_1/a.jpg', JPEG);
    await store.put('proof-photos/del_1/b.jpg', JPEG);
    await store.delete('proof-photos/del_1/a.jpg');
    expect(readdirSync(join(directory, 'proof-photos', 'del_1'))).toEqual(['b.jpg']);
    await store.delete('proof-photos/del_1/b.jpg');
    expect(readdirSync(join(directory, 'proof-photos'))).toEqual([]);
  });

  it('puts and deletes side by side in one folder without losing a photo', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.put(`proof-photos/del_2/${i}.jpg`, JPEG).then(() => (i % 2 ? store.delete(`proof-photos/del_2/${i}.jpg`) : undefined))));
    expect(readdirSync(join(directory, 'proof-photos', 'del_2')).sort()).toEqual(['0.jpg', '10.jpg', '12.jpg', '14.jpg', '16.jpg', '18.jpg', '2.jpg', '4.jpg', '6.jpg', '8.jpg']);
  });

  it('leaves nothing behind when a write fails', async () => {
    await expect(store.put(`proof-photos/del_3/${'x'.repeat(300)}.jpg`, JPEG)).rejects.toThrow();
    expect(readdirSync(join(directory, 'proof-photos'))).toEqual([]);
  });
});

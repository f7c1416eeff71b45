import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalDiskPhotoStore } from './local-disk-photo.store';
import { receivePhoto, StagedPhoto } from './photo-receiver';

describe('LocalDiskPhotoStore', () => {
  let directory: string;
  let store: LocalDiskPhotoStore;
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
  const staged = (): Promise<StagedPhoto> => receivePhoto(Readable.from([JPEG]), join(directory, 'incoming'), 1000);

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'photo-store-'));
    store = new LocalDiskPhotoStore(directory, 'http://gw/proof-photos', 'secret');
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('moves the staged photo into place', async () => {
    await store.put('proof-photos/del_1/a.jpg', await staged());
    expect(await store.read('proof-photos/del_1/a.jpg')).toEqual(JPEG);
    expect(readdirSync(join(directory, 'proof-photos', 'del_1'))).toEqual(['a.jpg']);
    expect(readdirSync(join(directory, 'incoming'))).toEqual([]);
  });

  it("removes a delivery's folder with its last photo, and keeps it while another remains", async () => {
    await store.put('proof-photos/del_1/a.jpg', await staged());
    await store.put('proof-photos/del_1/b.jpg', await staged());
    await store.delete('proof-photos/del_1/a.jpg');
    expect(readdirSync(join(directory, 'proof-photos', 'del_1'))).toEqual(['b.jpg']);
    await store.delete('proof-photos/del_1/b.jpg');
    expect(readdirSync(join(directory, 'proof-photos'))).toEqual([]);
  });

  it('puts and deletes side by side in one folder without losing a photo', async () => {
    const photos = await Promise.all(Array.from({ length: 20 }, staged));
    await Promise.all(photos.map((photo, i) => store.put(`proof-photos/del_2/${i}.jpg`, photo).then(() => (i % 2 ? store.delete(`proof-photos/del_2/${i}.jpg`) : undefined))));
    expect(readdirSync(join(directory, 'proof-photos', 'del_2')).sort()).toEqual(['0.jpg', '10.jpg', '12.jpg', '14.jpg', '16.jpg', '18.jpg', '2.jpg', '4.jpg', '6.jpg', '8.jpg']);
  });

  it('leaves no folder behind when the move fails', async () => {
    await expect(store.put(`proof-photos/del_3/${'x'.repeat(300)}.jpg`, await staged())).rejects.toThrow();
    expect(readdirSync(join(directory, 'proof-photos'))).toEqual([]);
  });
});

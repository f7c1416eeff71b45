import { Client } from 'pg';
import { Column, CreateDateColumn, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { testEnv, uniquePrefix } from '@sdd/testing';
import { dataSourceOptions, entityInsert, findByStatement, preparedStatement, runPrepared, selectEntityStatement } from '../src';

@Entity({ name: 'parcels' })
class ParcelEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @Column({ type: 'integer' })
  fee!: number;

  @Column({ name: 'distance_km', type: 'double precision' })
  distanceKm!: number;

  @Column({ type: 'boolean' })
  fragile!: boolean;

  @Column({ type: 'jsonb' })
  dropoff!: { street: string; lines: string[] };

  @Column({ type: 'jsonb', nullable: true })
  stops!: Array<{ at: string }> | null;

  @Column({ name: 'picked_up_at', type: 'timestamptz', nullable: true })
  pickedUpAt!: Date | null;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ name: 'labels' })
class LabelEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text', transformer: { to: (value: string) => value.toUpperCase(), from: (value: string) => value.toLowerCase() } })
  text!: string;
}

/** Prepared reads against a real Postgres: the same entities TypeORM's own find returns, column for column. */
describe('prepared statements and entity reads (real Postgres)', () => {
  const { databaseUrl } = testEnv();
  const schema = uniquePrefix('prepared');
  let dataSource: DataSource;

  beforeAll(async () => {
    const admin = new Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    dataSource = new DataSource({
      ...dataSourceOptions({ url: databaseUrl, schema, applicationName: 'prepared-test', poolSize: 2 }),
      entities: [ParcelEntity, LabelEntity],
      synchronize: true,
    });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.query(`DROP SCHEMA "${schema}" CASCADE`);
    await dataSource?.destroy();
  });

  it('reads the entities TypeORM reads, every column and type alike, on every pooled connection', async () => {
    const full = Object.assign(new ParcelEntity(), {
      id: 'p1',
      merchantId: 'mer_1',
      fee: 1250,
      distanceKm: 3.75,
      fragile: true,
      dropoff: { street: '290 Bremner Blvd', lines: ['Toronto', 'ON'] },
      stops: [{ at: '2026-11-25T12:00:00.000Z' }, { at: '2026-11-25T12:30:00.000Z' }],
      pickedUpAt: new Date('2026-11-25T12:00:00.123Z'),
      note: 'side door',
    });
    const sparse = Object.assign(new ParcelEntity(), { ...full, id: 'p2', fragile: false, stops: null, pickedUpAt: null, note: null });
    await dataSource.getRepository(ParcelEntity).insert([full, sparse]);
    const statement = selectEntityStatement(dataSource, ParcelEntity, 'find-parcel', 'id = $1 AND merchant_id = $2');

    for (const id of ['p1', 'p2', 'p1', 'p2', 'p1']) {
      const [read] = await findByStatement(dataSource, ParcelEntity, statement, [id, 'mer_1']);
      const expected = await dataSource.getRepository(ParcelEntity).findOneByOrFail({ id });
      expect(read).toBeInstanceOf(ParcelEntity);
      expect(read).toEqual(expected);
    }
    expect(await findByStatement(dataSource, ParcelEntity, statement, ['p1', 'mer_2'])).toEqual([]);
  });

  it('names its own schema, and runs a statement by name with its parameters', async () => {
    const insert = preparedStatement(dataSource, 'insert-label', 'INSERT INTO {schema}.labels (id, text) VALUES ($1, $2) RETURNING id');
    expect(insert.text).toContain(`"${schema}".labels`);
    expect(await runPrepared(dataSource, insert, ['l1', 'fragile'])).toEqual([{ id: 'l1' }]);
    expect(await runPrepared(dataSource, insert, ['l2', 'heavy'])).toEqual([{ id: 'l2' }]);
  });

  it('refuses, when built, to read or write a column a transformer would have changed', () => {
    expect(() => selectEntityStatement(dataSource, LabelEntity, 'find-label', 'id = $1')).toThrow(/LabelEntity\.text .*transformer/);
    expect(() => entityInsert(dataSource, LabelEntity)).toThrow(/LabelEntity\.text .*written.*transformer/);
  });

  it('writes entities TypeORM then reads back unchanged, two inserts sharing one statement', async () => {
    const parcels = entityInsert(dataSource, ParcelEntity);
    const first = Object.assign(new ParcelEntity(), {
      id: 'w1',
      merchantId: 'mer_w',
      fee: 990,
      distanceKm: 1.5,
      fragile: true,
      dropoff: { street: '1 Queen St E', lines: [] },
      stops: [{ at: '2026-11-25T13:00:00.000Z' }],
      pickedUpAt: new Date('2026-11-25T13:00:00.456Z'),
      note: null,
      createdAt: new Date('2026-11-25T12:59:00.000Z'),
    });
    const second = Object.assign(new ParcelEntity(), { ...first, id: 'w2', stops: null, pickedUpAt: null, note: 'ring twice' });
    const both = preparedStatement(dataSource, 'insert-two-parcels', `WITH first AS (${parcels.sql()}) ${parcels.sql(parcels.columnCount)}`);
    await runPrepared(dataSource, both, [...parcels.values(first), ...parcels.values(second)]);
    for (const written of [first, second]) {
      expect(await dataSource.getRepository(ParcelEntity).findOneByOrFail({ id: written.id })).toEqual(written);
    }
  });
});

import { Client } from 'pg';

/** Drops every schema of one run (`<prefix>_…`); resolves with how many went. */
export async function dropSchemasWithPrefix(databaseUrl: string, prefix: string): Promise<number> {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)`, [`${prefix}_`]);
    for (const { nspname } of rows) await pg.query(`DROP SCHEMA "${nspname}" CASCADE`);
    return rows.length;
  } finally {
    await pg.end();
  }
}

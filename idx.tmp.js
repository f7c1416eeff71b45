const { Client } = require('pg');
(async () => { const c = new Client({ connectionString: process.argv[2] }); await c.connect();
console.table((await c.query(`SELECT schemaname, relname, indexrelname, idx_scan, idx_tup_read, idx_tup_fetch FROM pg_stat_all_indexes ORDER BY idx_tup_read DESC LIMIT 8`)).rows.map(r => ({ ...r, schemaname: r.schemaname.slice(-22) })));
console.table((await c.query(`SELECT schemaname, relname, seq_scan, seq_tup_read FROM pg_stat_all_tables ORDER BY seq_tup_read DESC LIMIT 6`)).rows.map(r => ({ ...r, schemaname: r.schemaname.slice(-22) })));
await c.end(); })();

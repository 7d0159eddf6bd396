import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { pgliteTemplateFile, pgTemplateName, templateDir, withDatabase } from './template';

/**
 * Migrates once per run: a PGlite data-dir dump (a new PGlite takes seconds to initdb), or a
 * PostgreSQL template database that each test file clones with CREATE DATABASE … TEMPLATE.
 */
export async function setupPostgres() {
  {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const name = pgTemplateName();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Several runs may start at once (parallel sessions): one creates, the others wait.
      await admin.query('select pg_advisory_lock(727275)');
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        await admin.query(`create database "${name}"`);
        const database = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: '', poolSize: 1 });
        await database.close();
      }
    } finally {
      await admin.end();
    }
  }
}

export async function setupPglite() {
  const file = pgliteTemplateFile();
  if (existsSync(file)) return;
  mkdirSync(templateDir, { recursive: true });
  const database = await openDatabase({ dataDir: '', inMemory: true });
  const pglite = (database as unknown as { pglite: { dumpDataDir: (c: 'gzip') => Promise<Blob> } }).pglite;
  const dump = await pglite.dumpDataDir('gzip');
  // Write then rename, so a parallel run never reads half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  await database.close();
}

/**
 * The floor of the API benchmark: a bare Fastify server (the app's version, its default logger off)
 * with one route doing one primary-key SELECT through `pg` (a pool of the app's default size) on the
 * same database. No auth, no validation, no ORM: what a request costs at least on this machine.
 *
 *   DATABASE_URL=… PORT=… tsx bench/api/floor-server.ts
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/customers/:id', async (request, reply) => {
  const { rows } = await pool.query(
    'select id, num, name, last_name, second_last_name, phone from customers where id = $1',
    [request.params.id],
  );
  if (rows.length === 0) return reply.code(404).send({ status: 404 });
  return { status: 'OK', data: rows[0] };
});
app.get('/health', async () => ({ status: 'OK' }));

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

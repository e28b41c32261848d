'use strict';
// The physical limit for GET /candidate-requests/{uuid} on this machine: node:http + pg, verifying
// the same HS256 JWT and running the same SQL as the api, with nothing else in between.
const http = require('node:http');
const { createHmac, timingSafeEqual } = require('node:crypto');
const { Pool } = require('pg');

const secret = process.env.JWT_SECRET;
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const PROCESS_JSON = `json_build_object('id', p.id, 'processName', p.name, 'status', p.status, 'result', p.result,
  'startDate', (extract(epoch FROM p.start_date) * 1000)::bigint, 'endDate', (extract(epoch FROM p.end_date) * 1000)::bigint)`;
const SQL = `SELECT r.id, r.package_id AS "packageId", c.id AS "candidateId",
  (extract(epoch FROM r.created_at) * 1000)::bigint AS "createdAt",
  (SELECT json_agg(${PROCESS_JSON} ORDER BY p.position) FROM request_process p WHERE p.request_id = r.id) AS processes
  FROM candidate_request r JOIN candidate c ON c.request_id = r.id WHERE r.id = $1 AND r.client_id = ANY($2)`;

function verify(token) {
  const [header, payload, signature] = token.split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  return claims.exp * 1000 > Date.now() ? claims : null;
}

http
  .createServer(async (req, res) => {
    const claims = verify((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!claims) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end('{"message":"Unauthorized","code":401}');
    }
    const id = req.url.split('/')[2];
    const { rows } = await pool.query(SQL, [id, claims.clients]);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ isSuccess: true, statusCode: 200, message: 'OK', data: rows[0] ?? {} }));
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { sendCsvFile } from '../../lib/csv-reply.ts';
import { publicBaseUrl } from '../../lib/public-url.ts';
import { createFeesService } from './fees.service.ts';

const endpoints = api.fees;

/** Fee routes (packages/contract/src/api/fees.ts), signed in. */
const feesRoutes: FastifyPluginAsync = async (app) => {
  const publicUrl = publicBaseUrl(app.config);
  const fees = (request: FastifyRequest) =>
    createFeesService({ db: request.db, clock: app.clock, mailer: app.mailer, publicUrl });

  route(app, endpoints.tariffs, async (request) =>
    fees(request).tariffs(request.actor, request.params.id, request.query),
  );
  route(app, endpoints.setTariffs, async (request) =>
    fees(request).setTariffs(request.actor, request.params.id, request.query, request.body),
  );
  route(app, endpoints.list, async (request) => fees(request).list(request.actor, request.query));
  route(app, endpoints.own, async (request) => fees(request).own(request.actor, request.query));
  route(app, endpoints.record, async (request) =>
    fees(request).record(request.actor, request.params.membreId, request.body),
  );
  route(app, endpoints.exempt, async (request) =>
    fees(request).exempt(request.actor, request.params.membreId, request.body),
  );
  route(app, endpoints.cancel, async (request) =>
    fees(request).cancel(request.actor, request.params.id),
  );
  route(app, endpoints.receipt, async (request, reply) => {
    const { pdf, fileName } = await fees(request).receipt(
      request.actor,
      request.params.membreId,
      request.query,
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(pdf);
  });
  route(app, endpoints.remind, async (request) =>
    fees(request).remind(request.actor, request.body),
  );
  route(app, endpoints.export, async (request, reply) =>
    sendCsvFile(reply, await fees(request).exportCsv(request.actor, request.query)),
  );
};
export default feesRoutes;

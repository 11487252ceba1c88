import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@club/contract';
import { route } from '../../lib/endpoint-route.ts';
import { sendCsvFile } from '../../lib/csv-reply.ts';
import { publicBaseUrl } from '../../lib/public-url.ts';
import type { DutyReminders } from './duties.jobs.ts';
import { createDutiesService } from './duties.service.ts';

const endpoints = api.duties;

/** Volunteer duty routes (packages/contract/src/api/duties.ts), signed in. */
export function dutiesRoutes(reminders: DutyReminders): FastifyPluginAsync {
  return async (app) => {
    const publicUrl = publicBaseUrl(app.config);
    const duties = (request: FastifyRequest) =>
      createDutiesService({
        db: request.db,
        mailer: app.mailer,
        push: app.push,
        links: app.notificationLinks,
        clock: app.clock,
        reminders,
        publicUrl,
      });
    route(app, endpoints.list, async (request) =>
      duties(request).list(request.actor, request.params.id),
    );
    route(app, endpoints.replace, async (request) =>
      duties(request).replace(request.actor, request.params.id, request.body),
    );
    route(app, endpoints.signUp, async (request) =>
      duties(request).signUp(request.actor, request.params.id, request.body.membreId),
    );
    route(app, endpoints.withdraw, async (request) =>
      duties(request).withdraw(request.actor, request.params.id, request.params.membreId),
    );
    route(app, endpoints.propose, async (request) =>
      duties(request).propose(request.actor, request.params.id, request.body.simulation),
    );
    route(app, endpoints.templates, async (request) =>
      duties(request).templates(request.actor, request.params.id),
    );
    route(app, endpoints.setTemplates, async (request) =>
      duties(request).setTemplates(request.actor, request.params.id, request.body),
    );
    route(app, endpoints.tally, async (request) =>
      duties(request).tally(request.actor, request.query),
    );
    route(app, endpoints.tallyExport, async (request, reply) =>
      sendCsvFile(reply, await duties(request).tallyCsv(request.actor, request.query)),
    );
  };
}
